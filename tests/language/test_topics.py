"""What a complaint is about: the nouns it names, lemmatised, generic words and verbs left out."""

import pytest

from language.topics import topics


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Appointment confirmation texts keep arriving at 6am and waking the whole house.",
            ("appointment", "confirmation", "text"),
        ),
        (
            "Please stop attaching the full invoice PDF to every reminder email.",
            ("invoice", "pdf", "reminder"),
        ),
        ("Way too many status emails per case.", ("status", "email", "case")),
        ("Three people asked me the same thing twice today.", ()),  # nothing named in particular
        ("Tell the user first, then wait.", ()),
        ("Updates at 6:30 am are not okay. Nothing before 8, please.", ("update",)),
        # a word that can be a verb, where a verb goes, is one: the form is named, not a throw
        ("pls dont just throw the form at me, can u check the shelves first?", ("form", "shelf")),
        # a word in quotes is named as such, whatever else it can be
        ("Stop calling the deposit 'optional', it isn't.", ("deposit", "optional")),
    ],
)
def test_a_complaint_names_its_topics(text, expected):
    assert topics(text)[: len(expected)] == expected
    assert len(topics(text)) >= len(expected)


def test_at_most_a_few_topics_each_once():
    named = topics("Texts, texts and more texts: invoice, receipt, portal, link, reminder, calendar, form.")
    assert named == ("text", "invoice", "receipt", "portal", "link", "reminder")
    assert topics("invoice invoice invoices", most=2) == ("invoice",)


def test_a_long_complaint_names_what_it_asks_for_in_its_last_sentence():
    said = (
        "I asked how to get an article we don't hold and got a wall of text about advanced catalogue "
        "searching. Just link me straight to the loan request form next time."
    )
    named = topics(said)
    assert named[:4] == ("article", "wall", "text", "catalogue") and {"loan", "request", "form"} <= set(named)


def test_a_long_complaint_names_what_it_asks_for_where_it_asks_it():
    said = (
        "Dear office, I submitted my manuscript in February and have had no word since the automated "
        "acknowledgement. I would be grateful if authors could be told when their paper has been sent "
        "out for review. With best wishes, Dr Ana Ribeiro"
    )
    named = topics(said)
    assert {"manuscript", "february", "word"} <= set(named[:6])
    assert {"author", "paper", "review"} <= set(named)
    # with no sentence that asks, its last sentence is where what it wants is named
    assert "lunch" in topics(
        "The receptionist, the nurse, the doctor, the pharmacist, the porter and the cleaner all "
        "phoned. Every call came at lunch."
    )


def test_a_message_typed_with_no_stops_names_what_it_asks_for_where_it_asks_it():
    # read as the asks reader reads it, cut where its ask begins: the place it gives is that piece's
    said = (
        "van said 2pm nobody came til 6 kids missed tea and the dog barked at every car on the road "
        "just tell us the delivery window if its late thats all"
    )
    named = topics(said)
    assert {"van", "kid", "tea"} <= set(named) and "window" in named
