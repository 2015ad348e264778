"""Whether each fact is about one instance, stored with it (`about_instance`), and the two
indexes a directives read selects its facts by, so that the read takes a page of rows from an
index instead of reading every fact of the agent and its template.

The facts that stay with their agent are read once here, in batches, by the same rule a save
applies (language.scope.is_instance); a fact that reached the template is served whatever
it says, so those keep the default."""

from django.db import migrations, models

BATCH = 500


def read_stored_facts(apps, schema_editor):
    from language.scope import is_instance

    LearnedFact = apps.get_model("learning", "LearnedFact")
    todo = LearnedFact.objects.filter(reach="agent").only("id", "content").order_by("id")
    last = 0
    while batch := list(todo.filter(id__gt=last)[:BATCH]):
        for fact in batch:
            fact.about_instance = is_instance(fact.content)
        LearnedFact.objects.bulk_update(batch, ["about_instance"])
        last = batch[-1].id


class Migration(migrations.Migration):
    dependencies = [
        ("fleet", "0003_webhookfailure"),
        ("learning", "0001_initial"),
        ("telemetry", "0029_learning_handover"),
    ]

    operations = [
        migrations.AddField(
            model_name="learnedfact",
            name="about_instance",
            field=models.BooleanField(
                default=False,
                editable=False,
                help_text="Whether the fact is about one instance (an order number, a name) rather than how the work is done: kept, but never served while it stays with its agent. Read from the content when it is saved, so that a directives read filters it in SQL.",
            ),
        ),
        migrations.RunPython(read_stored_facts, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name="learnedfact",
            index=models.Index(
                condition=models.Q(("reach", "template"), ("status", "active")),
                fields=["template", "-confidence", "-created_at"],
                name="fact_served_template",
            ),
        ),
        migrations.AddIndex(
            model_name="learnedfact",
            index=models.Index(
                condition=models.Q(("about_instance", False), ("reach", "agent"), ("status", "active")),
                fields=["agent", "template", "-confidence", "-created_at"],
                name="fact_served_agent",
            ),
        ),
    ]
