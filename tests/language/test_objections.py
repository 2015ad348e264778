"""What feedback argues against (`language.objections`): the words it names, and the lines
about them."""

import pytest

from language.objections import about, aimed_at, objected

OBJECTIONS = [
    ("Honestly I think the vacc photo thing is overkill. Let it confirm straight away.", "vacc photo"),
    (
        "I'd rather it didn't quiz people about kids and pets in the chat, it puts them off.",
        "quiz kid pet chat",
    ),
    ("I don't agree with Priya on the age thing, some of the little ones cope fine.", "age"),
    ("Sorry, but I think the survey rule is going to lose us jobs.", "survey"),
    ("Personally I think grilling every booker about ages puts people off.", "grilling booker age"),
    ("Not sure about all this checking, I'd sooner it just booked them in.", "checking"),
    # an item that names no objection but asks for less: the words of what it is about
    ("Please stop quoting prices before checking stock.", "less: quoting price checking stock"),
    ("The new price list is too much for me to read.", ""),
    ("I'd rather you called me than emailed.", "less: called emailed"),
    # an objection that names nothing argues against what its item asks the other side of
    (
        "I think we're overdoing it — just book the van and let the crew check access on the day.",
        "instead: book van let crew check acces day",
    ),
    ("Honestly this is too much for me, I give up.", "instead: give up"),
    # what drives the writer mad, what they are made to do or put through each time
    ("All the questions on the booking line drive me up the wall.", "all question booking line"),
    ("Please don't make me upload a floor plan, I only want a quote.", "upload floor plan"),
    ("I don't want to be asked permission about every new lead rope.", "asked permission new lead rope"),
    ("Please stop texting me reminders for a one-off visit.", "texting reminder one off visit"),
    ("Every time I call I get a quiz about the boiler's age.", "quiz boiler s age"),
    ("Please stop texting at 6am.", "less: texting 6am"),
    ("Honestly I don't need the tide tables every time, I've sailed here for years.", "tide table"),
    ("I don't need a receipt today.", "less: receipt today"),
    # what the writer is told or asked at length and does not want
    ("I don't need a lecture about warranty terms, just tell me the price.", "lecture warranty term"),
    ("We don't want a questionnaire on our driving record every hire.", "questionnaire driving record hire"),
    ("I don't want a refund, I want the part.", "less: refund part"),
    # a practice found too much, or disagreed with in shorthand; what comes before a turn is none of it
    ("I like the team but ringing everyone about parking is a bit much.", "ringing parking"),
    ("Sorry, but the double sign-off is tedious.", "double sign off"),
    ("I disagree w/ chasing the deposit twice, it annoys people.", "chasing deposit twice"),
    ("The price is much higher than last year.", ""),
    ("It was a painting job, nothing more.", ""),
    # what costs everyone each time, what others asked for granted then argued against, what is hated
    ("Phoning the depot every time makes the queue twice as long.", "phoning depot"),
    ("I know Sam wants the postcode checked first, but it slows everything down.", "postcode checked"),
    ("Our regulars hate the long confirmation emails.", "long confirmation email"),
    ("Spare me the safety talk, I've done this climb ten times.", "safety talk"),
    ("I hate that nobody rings back.", ""),
    # what the writer would have done without, the act done too readily
    ("I'd rather it booked me in without asking about my shoe size first.", "asking shoe size"),
    ("Please don't just send the generic form, look at what I wrote.", "send generic form"),
    ("I don't want twenty questions before I get a price.", "twenty question get price"),
]


@pytest.mark.parametrize(("text", "words"), OBJECTIONS)
def test_what_an_item_argues_against(text, words):
    assert objected(text) == words


@pytest.mark.parametrize(
    ("objection", "line", "expected"),
    [
        ("vacc photo", "Ask for a photo of the vaccination card and check the dates.", True),
        ("quiz kid pet chat", "Ask whether there are children or pets in the property.", True),
        ("age", "Ask the student's age first.", True),
        ("survey", "Anything over 2 bedrooms needs a video survey booked before it gives a price.", True),
        ("vacc photo", "Tell them about the 11am checkout when it confirms.", False),
        ("age", "Mention the deposit when it quotes for peak dates.", False),
        # what is asked instead: a line sharing two of its words
        (
            "instead: book van let crew check acces day",
            "Check access to the site before you book a van.",
            True,
        ),
        ("instead: book van let crew check acces day", "Book the removal for a weekday.", False),
        # what an item asking for less is about: a line sharing two of its words
        (
            "less: sent photo measurement drone video field",
            "Get a photo and the field measurements first.",
            True,
        ),
        ("less: sent photo measurement drone video field", "Send the invoice by email.", False),
        # being asked questions is what a line that asks does
        ("question booking line", "Ask whether the flue is lined before giving a date.", True),
        ("question booking line", "Give a two-hour slot when confirming.", False),
    ],
)
def test_a_line_is_aimed_at_when_it_is_about_what_is_objected_to(objection, line, expected):
    assert aimed_at(objection, line) is expected


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            "I've read all the caveats on your website twice over. I don't need another paragraph about how "
            "nothing is certain.",
            "read caveat website paragraph nothing certain",
        ),
        # whom it is about, how it asks for less and words of no thing are none of it
        ("Please just text me when the engineer is on the way.", "text engineer way"),
    ],
)
def test_what_an_item_is_about(text, words):
    assert about(text) == words
