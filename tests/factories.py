import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from fleet.models import Agent, AgentTemplate
from fleet.services import token_issue
from fleet.templates import template_version_create
from governance.models import Proposal


class TemplateFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = AgentTemplate
        django_get_or_create = ("slug",)
        skip_postgeneration_save = True

    slug = factory.Sequence(lambda n: f"template-{n}")
    name = factory.LazyAttribute(lambda o: o.slug.title())

    @factory.post_generation
    def directives(obj, create, extracted, **kwargs):
        if create and not hasattr(obj, "head"):
            template_version_create(template=obj, directives=extracted or "Be helpful.\nBe brief.\n")


class AgentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Agent

    name = factory.Sequence(lambda n: f"agent-{n}")
    template = factory.SubFactory(TemplateFactory)


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("pw-for-tests-1")
    is_staff = True


class ProposalFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Proposal

    type = Proposal.Type.GOAL
    title = factory.Sequence(lambda n: f"Proposal {n}")


def agent_with_token(**kwargs) -> tuple[Agent, str]:
    agent = AgentFactory(**kwargs)
    _, raw = token_issue(agent=agent)
    return agent, raw


def approver(username: str = "approver"):
    """A staff operator: every permission of Kaizen's apps, including approve_proposal."""
    user = UserFactory(username=username)
    user.user_permissions.add(
        *Permission.objects.filter(
            content_type__app_label__in=[
                "improver",
                "governance",
                "planner",
                "learning",
                "experiments",
                "telemetry",
                "fleet",
            ]
        )
    )
    return user


def mailed_approver(settings):
    """An approver with an email address (ops@example.com), the mail sent to them kept in memory
    (django.core.mail.outbox)."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    user = approver()
    user.email = "ops@example.com"
    user.save()
    return user


def admin_list_read(url: str, table: str):
    """A superuser reads the admin page `url`: (their client, the page, the SQL of every query
    that named `table`)."""
    staff = Client()
    staff.force_login(UserFactory(username="viewer", is_superuser=True))
    with CaptureQueriesContext(connection) as seen:
        page = staff.get(url)
    return staff, page, [q["sql"] for q in seen.captured_queries if table in q["sql"]]
