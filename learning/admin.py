from django.contrib import admin
from django.db.models import Count, F, Q

from config.admin_rights import NoAdd, NoChange
from config.audit import audit
from config.readable import clipped
from language.correcting import as_fact
from language.served import servable
from learning import services
from learning.loops import fact_reach_template
from learning.models import FeedbackItem, FrictionEvent, LearnedFact
from telemetry.admin import EventAdmin


@admin.register(LearnedFact)
class LearnedFactAdmin(NoAdd, admin.ModelAdmin):
    """Facts learned from corrections: operators edit their wording, retire or restore them."""

    list_display = [
        "fact",
        "template",
        "reach",
        "serving",
        "sessions",
        "effect",
        "source",
        "confidence",
        "status",
        "created_at",
    ]
    list_filter = ["status", "reach", "source", "template"]
    search_fields = ["content", "subject"]
    fields = [
        "content",
        "subject",
        "confidence",
        "scope",
        "status",
        "reach",
        "source",
        "template",
        "agent",
        "correction",
        "superseded_by",
        "serving",
        "created_at",
        "served_at",
    ]
    readonly_fields = [
        "reach", "source", "template", "agent", "correction", "superseded_by", "serving", "created_at",
        "served_at",
    ]  # fmt: skip
    actions = ["serve_to_template", "retire", "restore"]

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(
                session_count=Count("sightings"),
                before=Count("sightings", filter=Q(sightings__seen_at__lt=F("served_at"))),
                since=Count("sightings", filter=Q(sightings__seen_at__gte=F("served_at"))),
            )
        )

    @admin.display(description="sessions", ordering="session_count")
    def sessions(self, obj: LearnedFact) -> int:
        return obj.session_count

    @admin.display(description="fact", ordering="content")
    def fact(self, obj: LearnedFact):
        return clipped(obj.content, 90)

    @admin.display(description="serving")
    def serving(self, obj: LearnedFact) -> str:
        """Whether the template's agents read it, and when a contrary fact keeps it back, which."""
        if obj.status != LearnedFact.Status.ACTIVE:
            return f"not served: {obj.get_status_display().lower()}"
        if obj.waiting_on_id is not None:
            return f"waiting: contrary to fact #{obj.waiting_on_id}, which has more support"
        if not _beside_the_directives(obj):
            return "left out: it repeats or contradicts a line of the template's directives"
        if obj.reach == LearnedFact.Reach.AGENT:
            return "served to its agent only"
        if obj.reach == LearnedFact.Reach.TRIAL:
            return "on trial: served to a share of the template's sessions until its test decides"
        return "served to every agent of the template"

    def get_list_select_related(self, request):
        return ("template__document__head",)

    @admin.display(description="before / since served")
    def effect(self, obj: LearnedFact) -> str:
        if obj.served_at is None:
            return "not served to the template"
        return f"{obj.before} / {obj.since} (since {obj.served_at:%Y-%m-%d})"

    @admin.action(description="Serve to every agent of the template", permissions=["change"])
    def serve_to_template(self, request, queryset):
        waiting = (LearnedFact.Reach.AGENT, LearnedFact.Reach.TRIAL)
        for fact in queryset.filter(reach__in=waiting, status=LearnedFact.Status.ACTIVE):
            fact_reach_template(fact=fact)
            audit(request.user, fact, "Served to every agent of the template")

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        services.facts_settle(template_id=obj.template_id)  # an edit may make or end a contrary
        audit(request.user, obj, f"Edited: {', '.join(form.changed_data) or 'nothing'}")

    @admin.action(description="Retire selected facts (agents stop reading them)", permissions=["change"])
    def retire(self, request, queryset):
        for fact in queryset:
            services.fact_set_status(fact=fact, status=LearnedFact.Status.RETIRED)
            audit(request.user, fact, "Retired")

    @admin.action(description="Restore selected facts", permissions=["change"])
    def restore(self, request, queryset):
        for fact in queryset:
            services.fact_set_status(fact=fact, status=LearnedFact.Status.ACTIVE)
            audit(request.user, fact, "Restored")


@admin.register(FrictionEvent)
class FrictionEventAdmin(NoAdd, NoChange, admin.ModelAdmin):
    list_display = ["occurred_at", "agent", "session_id", "tool", "failure_mode", "count"]
    list_per_page = 40  # about two screens at 1280 px
    list_filter = ["failure_mode", "occurred_at"]
    search_fields = ["tool", "session_id"]


@admin.register(FeedbackItem)
class FeedbackItemAdmin(EventAdmin):
    """Classified feedback, searchable by text and filterable on both axes, template and date.

    Derived work stores an item for every feedback event, so this list grows as the event tables
    do (ten million items at 50M events): it is kept cheap as they are, with a bounded count, no
    date hierarchy, the agent as a raw id and a text search over the last day unless a date is
    picked."""

    # what was said comes second: the last column of a wide list is cut off beside the filters
    list_display = ["occurred_at", "said", "sentiment", "category", "source_type", "template", "agent"]
    list_filter = ["sentiment", "category", "source_type", "template", "occurred_at"]
    search_fields = ["detail", "source_id"]
    search_help_text = (
        "Searches the feedback of the last 24 hours; pick a date on the right to search another period."
    )
    list_select_related = ["template", "agent"]
    list_per_page = 30  # each row's text may wrap to two lines

    @admin.display(description="said", ordering="detail")
    def said(self, obj: FeedbackItem) -> str:
        return clipped(obj.detail, 110)


def _beside_the_directives(fact: LearnedFact) -> bool:
    """Whether the prompt block would place the fact beside its template's directives."""
    template = fact.template
    head = template.document.head if template is not None and template.document_id else None
    return head is None or any(servable([as_fact(fact.content)], head.text))
