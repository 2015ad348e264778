"""Slots of a fact: opposite stances on one object are contrary however they are worded, and
facts that ask the same way, or act on different objects, are not (a table over several
domains; the first column says which)."""

import pytest

from language.slots import DO, DONT, INSTEAD_OF, contrary_on, slots

CONTRARY = [  # (first, second, the object they disagree on)
    (
        "Stop running VACUUM FULL, use pg_repack instead.",
        "Don't grow the table, run VACUUM FULL first.",
        "vacuum full",
    ),
    (
        "Stop running the linter, use the formatter instead.",
        "Don't grow the diff, run the linter first.",
        "linter",
    ),
    ("No, use pnpm, not npm.", "Run npm install before the build.", "npm install"),
    ("Use pnpm instead of npm.", "Always use npm for deps.", "npm"),
    ("Never force-push to main.", "Force-push to main after a rebase.", "main"),
    ("Don't squash the commits.", "Squash the commits before merging.", "commit"),
    ("Avoid calling the refund API directly.", "Call the refund API for every return.", "refund api"),
    ("Don't escalate billing disputes.", "Escalate billing disputes to a supervisor.", "billing dispute"),
    ("No, stop offering discounts.", "Offer discounts to returning customers.", "discount"),
    ("Don't cite Wikipedia.", "Cite Wikipedia for background facts.", "wikipedia"),
    ("Never round the totals.", "Round the totals to two decimals.", "total"),
    (
        "Stop using the staging database, use a local copy instead.",
        "Use the staging database for tests.",
        "staging database",
    ),
    ("Don't restart the worker, drain the queue instead.", "Restart the worker after a deploy.", "worker"),
    ("Prefer tabs over spaces.", "Use spaces for indentation.", "space"),
    ("Don't translate product names.", "Translate product names into the reader's language.", "product name"),
    ("Never book red-eye flights.", "Book red-eye flights when they are cheaper.", "red-eye flight"),
    ("Stop asking for the order number.", "Ask for the order number first.", "order number"),
    ("Don't reply with templates, write each answer.", "Reply with templates to save time.", "template"),
    ("Actually, don't add a changelog entry.", "Add a changelog entry for each fix.", "changelog entry"),
    (
        "Don't refill controlled medications without a prescriber call.",
        "Refill controlled medications without a prescriber call for regulars.",
        "controlled medication",
    ),
]
COMPATIBLE = [
    ("Store timestamps in UTC.", "Show timestamps to users in their local time zone."),
    ("Stop running VACUUM FULL, use pg_repack instead.", "Run pg_repack on large tables."),
    ("Never cite sources you did not open.", "Always cite sources."),
    ("Don't run tests on main.", "Run tests first."),
    ("Use pnpm for deps.", "Use pnpm, not npm."),
    ("Don't email the customer.", "Call the customer before closing the ticket."),
    ("Refunds go through the billing portal.", "Don't issue refunds by email."),
    ("Orders ship within 2 days.", "Don't promise next-day delivery."),
    ("Don't delete the logs.", "Rotate the logs every night."),
    ("Write the summary first.", "Don't write the appendix."),
    (
        "Confirm the traveller's name before changing a booking.",
        "Don't change a booking without a reference.",
    ),
    ("Never share the customer's address.", "Share the tracking link with the customer."),
    ("Use metric units.", "Use metric units in every report."),
    ("Don't run the full test suite, run the unit tests instead.", "Run the unit tests before pushing."),
    ("Answer in the customer's language.", "Don't answer in French."),
    ("Don't use the admin account.", "Use the service account for deploys."),
    ("Stop running migrations on prod.", "Run migrations first."),
    ("Vaccinate puppies at eight weeks.", "Don't vaccinate sick animals."),
    ("Don't publish the draft, send it to the editor instead.", "Send drafts to the editor."),
    ("Keep the headline under ten words.", "Don't keep the byline."),
]


@pytest.mark.parametrize(("a", "b", "thing"), CONTRARY)
def test_opposite_stances_on_one_object_are_contrary_in_either_order(a, b, thing):
    assert contrary_on(a, b) == thing
    assert contrary_on(b, a) == thing


@pytest.mark.parametrize(("a", "b"), COMPATIBLE)
def test_facts_asking_the_same_way_or_on_other_objects_are_not(a, b):
    assert contrary_on(a, b) == ""
    assert contrary_on(b, a) == ""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Stop running X, use Y instead.", [(DONT, "apply", ("x",)), (DO, "apply", ("y",))]),
        ("Don't grow Z, run X first.", [(DONT, "grow", ("z",)), (DO, "apply", ("x",))]),
        ("Use pnpm instead of npm.", [(DO, "apply", ("pnpm",)), (INSTEAD_OF, "apply", ("npm",))]),
        ("No, use pnpm, not npm.", [(DO, "apply", ("pnpm",)), (INSTEAD_OF, "apply", ("npm",))]),
        ("The caterer wants vegetarian meals.", []),
        ("Ask for the order number.", [(DO, "ask for", ("order", "number"))]),
    ],
)
def test_a_fact_reads_as_its_slots(text, expected):
    assert [(s.stance, s.verb, s.thing) for s in slots(text)] == expected
