from dataclasses import replace
from functools import partial
from urllib.parse import urlencode

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html

from config.admin_rights import NoAdd, NoChange, NoDelete
from config.errors import ApplicationError
from config.readable import clipped, readable, scalar
from governance import services
from governance.diff import text_diff
from governance.models import (
    ChangeDecision,
    Proposal,
    SuppressedKey,
)
from governance.registry import Link, Panel, handlers_for, review_for, what_next_for
from governance.selectors import acceptance_by_type_and_source, proposal_standing, with_outcome

SHOWN_ITEMS = 5  # of each list in the evidence or payload of a type that renders no panels


def shown(panel: Panel) -> Panel:
    """A review panel with every cell as lines of text (a list is one line per item)."""
    rows = [
        [[_line(x) for x in c] if isinstance(c, list | tuple) else [_line(c)] for c in row]
        for row in panel.rows
    ]
    return replace(panel, rows=rows)


def _line(value):
    return value if isinstance(value, Link) else scalar(value)


class DecisionInline(NoAdd, admin.TabularInline):
    model = ChangeDecision
    extra = 0
    can_delete = False
    fields = ["when", "verdict", "actor_label", "rating", "reason"]
    readonly_fields = fields

    @admin.display(description="when")
    def when(self, obj: ChangeDecision) -> str:
        return f"{timezone.localtime(obj.created_at):%Y-%m-%d %H:%M}" if obj.created_at else "—"


class RejectForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), required=True)


class RefineForm(forms.Form):
    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        required=True,
        label="What should the next proposal do differently?",
    )
    replace = forms.CharField(
        required=False,
        label="Line it replaces (optional)",
        help_text="Guidance that contradicts a line of the proposal is refused unless that line is "
        "named here.",
    )


class ApproveForm(forms.Form):
    rating = forms.TypedChoiceField(
        choices=[("", "—")] + [(i, i) for i in range(1, 6)],
        coerce=int,
        empty_value=None,
        required=False,
    )
    leave_out = forms.MultipleChoiceField(
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Approve without these lines",
        help_text="Ticked lines are left out of what is approved, and never proposed again.",
    )

    def __init__(self, *args, lines: tuple[str, ...] = (), **kwargs):
        """`lines`: the proposal's lines a person may approve it without (fewer than two: no such
        choice, since approving without its only line is rejecting it)."""
        super().__init__(*args, **kwargs)
        if len(lines) > 1:
            self.fields["leave_out"].choices = [(line, line) for line in lines]
        else:
            del self.fields["leave_out"]


def lines_of(proposal) -> tuple[str, ...]:
    """The lines of `proposal` it may be approved without, as its owning app lists them."""
    listed = handlers_for(proposal.type).lines
    return tuple(listed(proposal)) if listed and proposal.status == "pending" else ()


# A proposal changes only by approve, reject or refine: no Save buttons.
@admin.register(Proposal)
class ProposalAdmin(NoAdd, NoChange, NoDelete, admin.ModelAdmin):
    list_display = [
        "id",
        "heading",
        "type",
        "status_badge",
        "source",
        "risk",
        "subject",
        "created_at",
    ]
    list_display_links = ["id", "heading"]
    list_filter = ["status", "type", "source", "risk", "created_at"]
    search_fields = ["title", "rationale", "dedup_key", "subject"]
    readonly_fields = [
        "type",
        "status",
        "standing",
        "title",
        "rationale",
        "evidence_shown",
        "payload_shown",
        "risk",
        "dedup_key",
        "source",
        "subject",
        "parent",
        "created_by",
        "created_by_agent",
        "decided_by",
        "decided_at",
        "implemented_at",
        "created_at",
        "updated_at",
    ]
    exclude = ["evidence", "payload"]  # shown readable by evidence_shown and payload_shown
    inlines = [DecisionInline]
    actions = ["approve_selected", "reject_selected"]
    change_form_template = "admin/governance/proposal/change_form.html"
    change_list_template = "admin/governance/proposal/change_list.html"

    def get_queryset(self, request):
        return with_outcome(super().get_queryset(request))  # what became of each one's rollout

    @admin.display(description="status")
    def standing(self, obj: Proposal) -> str:
        return proposal_standing(obj)

    def changelist_view(self, request, extra_context=None):
        extra = {"acceptance": acceptance_by_type_and_source(), **(extra_context or {})}
        return super().changelist_view(request, extra)

    # the title is the page's heading; the short fields share lines
    MAIN_FIELDS = [("type", "standing", "risk"), ("source", "created_by_agent", "subject")]
    DETAIL_FIELDS = [
        "created_by",
        "dedup_key",
        "parent",
        "decided_by",
        "decided_at",
        "implemented_at",
        "created_at",
        "updated_at",
    ]

    def get_fieldsets(self, request, obj=None):
        """What a reviewer reads first (type, status, who raised it, its rationale); the
        bookkeeping folded under "Details". A proposal whose type renders its own review panels
        shows its evidence and payload there, once; the raw tables are for the types that do not."""
        main = [*self.MAIN_FIELDS, "rationale"]
        if obj is None or not review_for(obj).panels:
            main += ["evidence_shown", "payload_shown"]
        return [
            (None, {"fields": main}),
            ("Details", {"fields": self.DETAIL_FIELDS, "classes": ["collapse"]}),
        ]

    @admin.display(description="evidence")
    def evidence_shown(self, obj: Proposal):
        return readable(obj.evidence, limit=SHOWN_ITEMS)

    @admin.display(description="payload")
    def payload_shown(self, obj: Proposal):
        return readable(obj.payload, limit=SHOWN_ITEMS)

    def has_approve_permission(self, request) -> bool:
        return request.user.has_perm("governance.approve_proposal")

    @admin.display(description="title", ordering="title")
    def heading(self, obj: Proposal):
        return clipped(obj.title, 90)

    @admin.display(description="status", ordering="status")
    def status_badge(self, obj: Proposal):
        colours = {
            "pending": "#b58900",
            "approved": "#268bd2",
            "implemented": "#2aa198",
            "rejected": "#dc322f",
            "superseded": "#93a1a1",
        }
        return format_html(
            '<b style="color:{}">{}</b>', colours.get(obj.status, "#000"), proposal_standing(obj)
        )

    # --- bulk actions --------------------------------------------------------------------
    @admin.action(description="Approve selected pending proposals", permissions=["approve"])
    def approve_selected(self, request, queryset):
        done = 0
        for proposal in queryset.filter(status=Proposal.Status.PENDING):
            try:
                services.proposal_approve(proposal=proposal, actor=request.user)
                done += 1
            except ApplicationError as exc:
                self.message_user(request, f"#{proposal.pk}: {exc.message}", messages.ERROR)
        self.message_user(request, f"Approved {done} proposal(s).", messages.SUCCESS)

    @admin.action(
        description="Reject selected pending proposals (asks for a reason)", permissions=["approve"]
    )
    def reject_selected(self, request, queryset):
        pending = queryset.filter(status=Proposal.Status.PENDING)
        if "apply" in request.POST:
            form = RejectForm(request.POST)
            if form.is_valid():
                for proposal in pending:
                    services.proposal_reject(
                        proposal=proposal, actor=request.user, reason=form.cleaned_data["reason"]
                    )
                self.message_user(request, f"Rejected {pending.count()} proposal(s).", messages.SUCCESS)
                return None
        else:
            form = RejectForm()
        return TemplateResponse(
            request,
            "admin/governance/proposal/reject_bulk.html",
            {
                **self.admin_site.each_context(request),
                "opts": self.model._meta,
                "form": form,
                "proposals": pending,
                "title": "Reject proposals",
            },
        )

    # --- per-proposal decision views ----------------------------------------------------
    def get_urls(self):
        own = [
            path(
                "<int:pk>/approve/",
                self.admin_site.admin_view(self.approve_view),
                name="governance_proposal_approve",
            ),
            path(
                "<int:pk>/reject/",
                self.admin_site.admin_view(self.reject_view),
                name="governance_proposal_reject",
            ),
            path(
                "<int:pk>/refine/",
                self.admin_site.admin_view(self.refine_view),
                name="governance_proposal_refine",
            ),
        ]
        return own + super().get_urls()

    def change_view(self, request, object_id, form_url="", extra_context=None):
        proposal = self.get_object(request, unquote(object_id))
        if proposal is None:  # the admin's own "does not exist" message, for any id typed in the address
            return super().change_view(request, object_id, form_url, extra_context)
        review = review_for(proposal)  # rendered by the app that owns the proposal's type
        offered = {k: v for k, v in request.GET.items() if k in ("text", "replace")}
        extra = {
            "can_decide": self.has_approve_permission(request) and proposal.status == "pending",
            "can_refine": handlers_for(proposal.type).refine is not None,  # not offered where refused
            "diff_rows": text_diff(review.before, review.after),
            "diff_title": review.diff_title,
            "panels": [shown(panel) for panel in review.panels],
            "approve_form": ApproveForm(lines=lines_of(proposal)),
            "reject_form": RejectForm(),
            # refused guidance comes back filled in, with the line it may replace
            "refine_form": RefineForm(initial=offered),
        }
        return super().change_view(request, object_id, form_url, {**extra, **(extra_context or {})})

    def _decision(self, request, pk, form_class, act):
        if not self.has_approve_permission(request):
            raise PermissionDenied
        proposal = get_object_or_404(Proposal, pk=pk)
        change_url = reverse("admin:governance_proposal_change", args=[pk])
        if request.method != "POST":
            return redirect(change_url)
        form = form_class(request.POST)
        if not form.is_valid():
            for field, errors in form.errors.items():
                self.message_user(request, f"{field}: {' '.join(errors)}", messages.ERROR)
            return redirect(change_url)
        try:
            result = act(proposal, form.cleaned_data)
        except ApplicationError as exc:
            self.message_user(request, exc.message, messages.ERROR)
            if exc.extra.get("replace"):  # offer the replacement: the form again, filled in
                offer = {"text": form.cleaned_data.get("text", ""), "replace": exc.extra["replace"]}
                return redirect(f"{change_url}?{urlencode(offer)}#kz-decide")
            return redirect(change_url)
        said = f"Proposal #{pk} is now {result.status if result.pk == proposal.pk else 'refined'}."
        self.message_user(request, f"{said} {what_next_for(result)}".strip(), messages.SUCCESS)
        return redirect(reverse("admin:governance_proposal_change", args=[result.pk]))

    def approve_view(self, request, pk):
        lines = lines_of(get_object_or_404(Proposal, pk=pk))
        return self._decision(
            request,
            pk,
            partial(ApproveForm, lines=lines),
            lambda p, d: services.proposal_approve(
                proposal=p, actor=request.user, rating=d.get("rating"), leave_out=d.get("leave_out") or ()
            ),
        )

    def reject_view(self, request, pk):
        return self._decision(
            request,
            pk,
            RejectForm,
            lambda p, d: services.proposal_reject(proposal=p, actor=request.user, reason=d["reason"]),
        )

    def refine_view(self, request, pk):
        return self._decision(
            request,
            pk,
            RefineForm,
            lambda p, d: services.proposal_refine(
                proposal=p, actor=request.user, text=d["text"], replace=d.get("replace", "")
            ),
        )


@admin.register(ChangeDecision)
class ChangeDecisionAdmin(NoAdd, NoChange, NoDelete, admin.ModelAdmin):
    list_display = ["created_at", "about", "verdict", "actor_label", "rating", "why"]
    list_filter = ["verdict", "created_at"]
    search_fields = ["reason", "actor_label", "proposal__title"]
    list_select_related = ["proposal"]

    @admin.display(description="proposal", ordering="proposal")
    def about(self, obj: ChangeDecision):
        return clipped(obj.proposal, 60)

    @admin.display(description="reason", ordering="reason")
    def why(self, obj: ChangeDecision):
        return clipped(obj.reason, 100)


@admin.register(SuppressedKey)
class SuppressedKeyAdmin(NoAdd, admin.ModelAdmin):
    """Suppressions are removed by deleting the row here (humans only)."""

    list_display = ["key", "proposal", "why", "created_at"]
    search_fields = ["key", "reason"]
    readonly_fields = ["key", "proposal", "reason", "created_at"]

    @admin.display(description="reason", ordering="reason")
    def why(self, obj: SuppressedKey):
        return clipped(obj.reason, 100)


from governance.board import admin as board_admin  # noqa: E402, F401  (the board's admin pages)
