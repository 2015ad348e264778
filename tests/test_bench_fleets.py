"""The fleet sets the efficacy benchmark reads (bench/*_fleets.py), written by people who never saw
the code, stay readable by it: every fleet has what a session draws on, and every phrase the
benchmark looks for in a served line is in the sentence it was said in."""

import pytest

from bench import efficacy
from telemetry.contract import FAILURE_MODES

SETS = [
    efficacy.held_out_fleets,
    efficacy.outsider_fleets,
    efficacy.third_fleets,
    efficacy.fourth_fleets,
    efficacy.fifth_fleets,
    efficacy.sixth_fleets,
    efficacy.seventh_fleets,
    efficacy.eighth_fleets,
    efficacy.ninth_fleets,
    efficacy.tenth_fleets,
    efficacy.eleventh_fleets,
    efficacy.twelfth_fleets,
    efficacy.thirteenth_fleets,
    efficacy.fourteenth_fleets,
    efficacy.fifteenth_fleets,
    efficacy.sixteenth_fleets,
    efficacy.seventeenth_fleets,
    efficacy.seventeenth_read_fleets,
    efficacy.eighteenth_fleets,
    efficacy.eighteenth_read_fleets,
    efficacy.nineteenth_fleets,
    efficacy.nineteenth_read_fleets,
    efficacy.twentieth_fleets,
    efficacy.twentieth_read_fleets,
    efficacy.twentyfirst_fleets,
    efficacy.twentysecond_fleets,
    efficacy.twentythird_fleets,
    efficacy.twentyfourth_fleets,
    efficacy.twentyfifth_fleets,
    efficacy.twentysixth_fleets,
    efficacy.twentyseventh_fleets,
    efficacy.twentyeighth_fleets,
    efficacy.twentyninth_fleets,
    efficacy.thirtieth_fleets,
]
KEYS = {"agents", "week", "fact", "pattern", "remedy", "rejection", "tool_gap", "harm", "problems", "noise"}
FLEETS = [(fleets.__name__, name, spec) for fleets in SETS for name, spec in fleets().items()]


@pytest.mark.parametrize(("fleets", "name", "spec"), FLEETS, ids=[f"{f}-{n}" for f, n, _ in FLEETS])
def test_each_fleet_is_one_the_benchmark_can_run(fleets, name, spec):
    assert set(spec) >= KEYS, KEYS - set(spec)
    assert 1 <= spec["agents"] <= 50 and len(spec["week"]) == 7 and sum(spec["week"]) > 0
    said = [spec[kind] for kind in ("fact", "remedy", "rejection", "contrary") if kind in spec]
    for sentence, phrase in [*said, *spec["problems"], spec["harm"][:2]]:
        assert phrase.lower() in sentence.lower(), (phrase, sentence)
    assert spec["harm"][2] in ("feedback", "tools", "cost")
    assert spec["tool_gap"][1] in FAILURE_MODES and spec["noise"]


def test_the_sets_name_no_fleet_twice():
    names = [name for _, name, _ in FLEETS]
    assert len(names) == len(set(names))


# The sets whose one-offs the readers were read against: not the seventh, nor the twelfth to
# seventeenth (test sets when measured; some of their sentences were read later, never their
# one-offs), nor the twenty-first to thirtieth, test sets when measured (the twenty-ninth's asks
# were read since, not its one-offs). The eighteenth and the twentieth were measured for two
# sessions, then read; the nineteenth for one, then read.
MEASURED = (
    efficacy.seventh_fleets,
    efficacy.twelfth_fleets,
    efficacy.thirteenth_fleets,
    efficacy.fourteenth_fleets,
    efficacy.fifteenth_fleets,
    efficacy.sixteenth_fleets,
    efficacy.seventeenth_fleets,
    efficacy.twentyfirst_fleets,
    efficacy.twentysecond_fleets,
    efficacy.twentythird_fleets,
    efficacy.twentyfourth_fleets,
    efficacy.twentyfifth_fleets,
    efficacy.twentysixth_fleets,
    efficacy.twentyseventh_fleets,
    efficacy.twentyeighth_fleets,
    efficacy.twentyninth_fleets,
    efficacy.thirtieth_fleets,
)
READ = [(f.__name__, n, spec) for f in SETS if f not in MEASURED for n, spec in f().items()]


@pytest.mark.parametrize(("fleets", "name", "spec"), READ, ids=[f"{f}-{n}" for f, n, _ in READ])
def test_each_one_off_correction_is_read_as_about_one_case(fleets, name, spec):
    from language.scope import is_instance

    assert all(is_instance(one_off) for one_off in spec["noise"]), spec["noise"]


@pytest.mark.parametrize(
    ("line", "served"),
    [
        ("- Tell Margo the kiln is booked.", True),  # the one-off's name
        ("- Hold order 4471 until Friday.", True),  # its number
        ("- AVOID: quoting from memory. Failed 4471/9000 times (49% failure rate)", False),  # a count
        ("# Directives (kiln-cafe-1 v4471)", False),  # a heading
        ("You are a kiln street cafe agent.", False),  # the base directives name the fleet
        ("- Say the street market runs on Sundays.", False),  # … a word of it a one-off uses too
        ("- Tell people Mill Street is shut.", True),  # (the one-off's own street still marks it)
    ],
)
def test_a_one_off_is_served_when_a_line_names_its_case(line, served):
    spec = {
        "noise": ["Refund Margo at 4 Mill Street the £12 for order 4471."],
        "fact": ("", ""),
        "remedy": ("", ""),
    }
    spec |= {"rejection": ("", ""), "harm": ("", "", ""), "pattern": "", "tool_gap": ("", "", "")}
    spec |= {"problems": [], "marks": set()}
    spec["marks"] = efficacy.one_off_marks(spec, "kiln_street_cafe")
    assert bool(efficacy.one_off_served(line, spec)) is served


@pytest.mark.parametrize(
    ("asked", "line", "carried"),
    [
        ("asking up front whether the car runs", "Ask up front whether the car runs.", True),
        ("told me how long the wait is", "Tell the user how long the wait is.", True),
        ("asking up front whether the car runs", "Ask whether the car was washed.", False),
        ("nothing before 9 please", "Nothing before 9.", True),
        # what it does from now on, served as what to do
        ("only confirms when a reset is happening", "Only confirm when a reset is happening.", True),
        # a thing wished done, served as what should be
        ("reminders could go out after 8am", "The reminders should go out after 8am.", True),
        ("reminders could go out after 8am", "The reminders should go out before 8am.", False),
        # what should have been done, or done to the writer, served as what to do
        ("should have booked me a fitting first", "Book the user a fitting first.", True),
        ("being told up front that parking is extra", "Tell the user up front that parking is extra.", True),
        # typed as a text message, served in plain words; a past participle kept as it was said
        (
            "shud only say cancelled if its on the updates page",
            "Only say cancelled if its on the updates page.",
            True,
        ),
        # said of the agent
        (
            "makes clear in every quote whether fitting is in",
            "Make clear in every quote whether fitting is in.",
            True,
        ),
    ],
)
def test_a_line_carries_an_ask_said_as_the_agent_is_told_it(asked, line, carried):
    spec = {"problems": [("", asked)]}
    assert efficacy.carries(line, "problem1", spec) is carried


@pytest.mark.parametrize(
    ("ask", "served"),
    [
        ("the assistant telling me to bring the receipt", "Tell the user to bring the receipt."),
        ("if the chat asked whether the dog is vaccinated", "Ask whether the dog is vaccinated, every time."),
        (
            "the chat should have asked about parking and told me if the road is closed",
            "Ask about parking and tell the user if the road is closed.",
        ),
        (
            "just took my notes and pointed me to the debrief line",
            "Take the user's notes and point the user to the debrief line.",
        ),
        ("let me know the same day", "Let the user know the same day."),
        (
            "asking the ages of any children at booking, and explaining the bunk rules there and then",
            "Ask the ages of any children at booking, and explain the bunk rules there and then.",
        ),
        (
            "should ask what kind of stove it is before giving a date",
            "Ask what kind of stove it is before giving a date.",
        ),
        ("needs to collect measurements for every performer", "Collect measurements for every performer."),
    ],
)
def test_the_scorer_counts_an_ask_carried_by_the_line_it_is_served_as(ask, served):
    assert any(way in served.lower() for way in efficacy.told(ask)), efficacy.told(ask)
