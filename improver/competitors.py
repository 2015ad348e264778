"""Competing lines: alternative remedies for one problem, of which only one is served (pure).

"Rotate the logs." and "Expand the volume." do not contradict each other, yet both answer a disk
that fills up; served together, an agent gets two remedies for one page and the canary cannot tell
which one helped. Two lines compete when they address the same problem and ask different things.

They address the same problem when
- one acts on a thing most complaints behind the other name ("Flag unclear margins back to the
  dentist." targets complaints about margins; "Use your judgement and mill it." was asked for in
  complaints about margins too): two asks about one thing are two remedies for it, often opposite
  ones said in words no reader of contraries matches;
- they target the same tool failing the same way ("tool:<tool>:<mode>"). A feedback category
  ("negative:accuracy") is no problem: a wrong revenue figure and a wrong release date are both
  accuracy, and "Cite the source for every number." does not stand in for "Check every date
  against the release calendar."; "some failure" and "negative" name nothing in particular either;
- they were stated in the same feedback: at least half the rows of the line with fewer rows are
  rows of the other (one complaint, two remedies offered for it); or
- the feedback they were said in names the same problem: each line's problem is the statement
  said most often beside it in its feedback rows (a sentence of those rows that is no remedy,
  "The disk filled up again."), and two problems are the same when their content words are near
  duplicates (`language.remedies.similarity` ≥ 65, as remedies are grouped) and, where both
  statements have a subject, they are about the same thing: the words of one's subject are among
  the other's ("the disk" filled up, "the disk" is full; "the revenue figure" and "the release
  date" were wrong are two problems). A statement of fewer than two content words ("That was
  wrong.") names no problem.

They ask different things unless one complements the other. The rule: what a line asks is its
action (its verb in the base form and that verb's object, after any leading "When …," clause and
lead-in such as "Always" or "Don't": "rotate log" of "When the disk is full, rotate the logs."); a
line complements another when every word of its action is among the other line's words. So "When
the disk is full, rotate the logs." (says when) and "Rotate the logs with logrotate, keeping seven
days." (says how) are one remedy told twice over, and both may be served; "Rotate the logs." and
"Expand the volume." are two remedies, and only one is.

Of competing lines the one with more support is proposed: more distinct sessions asked for it,
then more distinct people (where the evidence records who said it), then more evidence (how often
it was said, or what else weighs its origin); on equal support, the one whose grammar alone
instructs ("Send them by 6pm the evening before." before "Lesson reminders at 10pm are waking
people up.", which only the fitted weights read as a remedy), then the one that says more (more
content words: "Send the notices in Spanish too." before "Spanish only."). A line already
served keeps its place on a tie: a newcomer replaces it only with more support, never beside it.

Reading finds alternatives; what happens once one is served settles it. A newcomer still asked
for while its served rival has reached every session for the whole window, in at least half as
many sessions as asked for that line when it was proposed, is no alternative to it: the served
line left those complaints standing, so the newcomer answers something else and is proposed
beside it, to be tested on its own (`outgrown`). A minority's ask about the same thing (a few
users who want the opposite) stays a rival: it has far less support than the line it opposes.

Where lines are tested one by one (each drawn per session on its own), two asks of comparable
support (neither asked for in more than twice the other's sessions) are no rivals either: each
is tested on its own, and its test, not the reading, tells whether it helps (`comparable`).
"""

import re
from dataclasses import dataclass

from lemminflect import getLemma
from rapidfuzz import fuzz

from language.contrary import action
from language.grammar import ADVERBS, DETERMINERS, PREPOSITIONS, PRONOUNS, finite
from language.remedies import THRESHOLD
from language.request_forms import instructs
from language.words import content
from learning.signals import ABOUT

CONDITION = re.compile(
    r"^\s*(?:when|whenever|if|once|before|after|while|until)\b(?:[^,;:]|(?<=\d),(?=\d{3}\b))*[,;:]\s*", re.I
)
GENERAL = ("negative", "negative:general")
MIN_PROBLEM_WORDS = 2


@dataclass(frozen=True)
class Contender:
    """A line with what it addresses and the support behind it."""

    text: str
    target: tuple[str, ...] = ()
    problem: str = ""  # the content words of the problem its feedback names ('' when none)
    sessions: int = 0
    people: int = 0
    evidence: int = 0
    served: bool = False
    about: str = ""  # the subject of that problem's statement, in content words ('' when none)
    rows: frozenset[str] = frozenset()  # the feedback rows it was stated in ("observation:12", …)
    named: frozenset[str] = frozenset()  # the things most of its complaints name (language.topics)
    settled: bool = False  # served to every session since before the window began

    @property
    def support(self) -> tuple[int, int, int]:
        return (self.sessions, self.people, self.evidence)


@dataclass(frozen=True)
class Competition:
    """A line that lost to a stronger one for the same problem (`winner`), or (`replaces`) a
    served line that a stronger newcomer takes the place of."""

    loser: Contender
    winner: Contender
    why: str  # what both address: "tool:git:REJECTED", or "the problem 'disk filled up'"


def specific(signal: str) -> bool:
    """A signal a line can be measured on elsewhere (what a transfer between templates needs):
    one tool failing one way, or negative feedback of one named category. Every fleet shows failed
    skill outcomes, corrections and rejections; they say nothing of one line. A category is still
    many problems: two lines sharing it are no rivals (`same_problem`)."""
    return signal.startswith("tool:") or (signal.startswith("negative:") and signal not in GENERAL)


def problem_of(statements: list[str]) -> str:
    """The problem a line's feedback names: the content words said most often among `statements`
    (the sentences of its feedback rows that are no remedy), first said first on a tie; '' when
    none has two content words."""
    return problem_and_subject(statements)[0]


def problem_and_subject(statements: list[str]) -> tuple[str, str]:
    """The problem a line's feedback names (`problem_of`) and the subject of the statement that
    names it (`subject_of`), both in content words."""
    counted: dict[str, int] = {}
    first: dict[str, str] = {}
    for statement in statements:
        words = content(statement)
        if len(words.split()) >= MIN_PROBLEM_WORDS:
            counted[words] = counted.get(words, 0) + 1
            first.setdefault(words, statement)
    if not counted:
        return "", ""
    problem = max(counted, key=counted.get)
    return problem, subject_of(first[problem])


def subject_of(statement: str) -> str:
    """What a statement is about: the content words before its first finite verb ("revenue
    figure" of "The revenue figure was wrong."), up to any preposition; '' when it has no
    subject of its own (no finite verb, or a pronoun: "It was wrong.")."""
    words = [w for w in (t.lower().strip(",.;:!?\"'()") for t in statement.split()) if w]
    for i, word in enumerate(words):
        if i and finite(word, words[i + 1] if i + 1 < len(words) else ""):
            head = words[:i]
            cut = next((j for j, w in enumerate(head) if w in PREPOSITIONS), len(head))
            kept = [w for w in head[:cut] if w not in DETERMINERS | PRONOUNS | ADVERBS]
            return content(" ".join(kept))
    return ""


def same_thing(a: str, b: str) -> bool:
    """Whether two subjects name the same thing: the words of one are among the other's ("date"
    and "release date"); unknown on either side (''), nothing is said against it."""
    if not a or not b:
        return True
    first, second = set(a.split()), set(b.split())
    return first <= second or second <= first


def same_rows(a: Contender, b: Contender) -> bool:
    """Whether the two lines were stated in the same feedback: at least half the rows of the one
    with fewer rows are rows of the other."""
    if not a.rows or not b.rows:
        return False
    return 2 * len(a.rows & b.rows) >= min(len(a.rows), len(b.rows))


def thing_of(target: tuple[str, ...]) -> str:
    """The thing a line acts on, when its target is the complaints naming it ('' otherwise)."""
    return next((t[len(ABOUT) :] for t in target if t.startswith(ABOUT)), "")


def same_problem(a: Contender, b: Contender) -> str:
    """What both lines address ('' when they address different things)."""
    shared = [t for t in a.target if t in b.target and t.startswith("tool:")]
    if shared:
        return shared[0]
    if same_rows(a, b):
        return f"the complaint of the same feedback ({len(a.rows & b.rows)} rows)"
    if (
        a.problem
        and b.problem
        and fuzz.token_set_ratio(a.problem, b.problem) >= THRESHOLD
        and same_thing(a.about, b.about)
    ):
        return f"the problem '{a.problem}'"
    for one, other in ((a, b), (b, a)):
        if (thing := thing_of(one.target)) and thing in other.named:
            return f"complaints about the {thing}"
    return ""


def asks(line: str) -> set[str]:
    """The content words of what a line asks (its action), its verb in the base form."""
    _, words = action(CONDITION.sub("", line.strip().lstrip("-* "), count=1))
    out = content(words).split()
    if out:
        lemma = getLemma(out[0], upos="VERB")
        out[0] = lemma[0] if lemma else out[0]
    return set(out)


def _words(line: str) -> set[str]:
    return set(content(line).split()) | asks(line)


def complementary(a: str, b: str) -> bool:
    """Whether one line only adds to the other: every word of one's action is among the other's."""
    first, second = asks(a), asks(b)
    if not first or not second:
        return True  # a line that asks nothing readable is not judged a rival
    return first <= _words(b) or second <= _words(a)


def competing(a: Contender, b: Contender) -> str:
    """What the two lines both address when they are alternatives for it, else ''."""
    if a.text.strip() == b.text.strip():
        return ""
    why = same_problem(a, b)
    return why if why and not complementary(a.text, b.text) else ""


def outgrown(newcomer: Contender, served: Contender) -> bool:
    """Whether the newcomer is still asked for, with its served rival reaching every session for
    the whole window, in at least half as many sessions as asked for that line: the served line
    did not take its complaints away, so the two answer different things."""
    return served.settled and 2 * newcomer.sessions >= max(served.sessions, 1)


def comparable(a: Contender, b: Contender) -> bool:
    """Whether neither line is asked for in more than twice the other's sessions."""
    return 2 * min(a.sessions, b.sessions) >= max(a.sessions, b.sessions)


def _strongest_first(line: Contender) -> tuple:
    return (*(-n for n in line.support), not instructs(line.text), -len(content(line.text).split()))


def contest(
    newcomers: list[Contender], served: list[Contender], apart: bool = False
) -> tuple[list[Contender], list[Competition], list[Competition]]:
    """(the newcomers kept, those left out for a stronger competitor, served lines replaced).
    With `apart` (lines tested one by one) newcomers of comparable support are no rivals.

    Newcomers are taken strongest first: one that competes with a newcomer kept before it is left
    out; one that competes with a served line replaces it when it has more support, and is left out
    otherwise, unless it has outgrown that line (`outgrown`: it is kept, beside it). A served line
    is replaced once, and a line that replaced it competes with no other; a newcomer that competes
    with a line another newcomer replaces is left out for that line: the replaced line is still
    served to every session its replacement is not drawn for, and the newcomer, drawn on its own,
    would be served beside it."""
    kept: list[Contender] = []
    lost: list[Competition] = []
    replaced: list[Competition] = []
    for line in sorted(newcomers, key=_strongest_first):
        rival = next(
            ((k, why) for k in kept if (why := competing(line, k)) and not (apart and comparable(line, k))),
            None,
        )
        if rival is not None:
            lost.append(Competition(line, rival[0], rival[1]))
            continue
        gone = {r.loser.text for r in replaced}
        against = [(s, why) for s in served if (why := competing(line, s)) and not outgrown(line, s)]
        outgoing = next(((s, why) for s, why in against if s.text in gone), None)
        if outgoing is not None:
            lost.append(Competition(line, outgoing[0], outgoing[1]))
            continue
        stronger = next(((s, why) for s, why in against if s.support >= line.support), None)
        if stronger is not None:
            lost.append(Competition(line, stronger[0], stronger[1]))
            continue
        replaced += [Competition(s, line, why) for s, why in against]
        kept.append(line)
    return kept, lost, replaced


def as_record(competition: Competition) -> dict:
    """A line left out for a competitor, as the proposal's payload keeps it."""
    loser, winner = competition.loser, competition.winner
    return {
        "line": loser.text,
        "sessions": loser.sessions,
        "people": loser.people,
        "evidence": loser.evidence,
        "against": winner.text,
        "against_sessions": winner.sessions,
        "against_people": winner.people,
        "served": winner.served,
        "addresses": competition.why,
    }


def replacement(competition: Competition) -> dict:
    """A served line taken out for a stronger competitor (a removal the review page shows as a
    replacement, beside the line that takes its place)."""
    old, new = competition.loser, competition.winner
    return {
        "text": old.text.strip(),
        "action": "replace",
        "reason": (
            f"a competing remedy for {competition.why} is asked for in {new.sessions} sessions "
            f"against its {old.sessions}; the two are never served together"
        ),
        "into": new.text,
    }
