"""Proposers turn a ritual's evidence into new directives (the ritual's proposal phase).

`DeterministicProposer` needs no LLM: it edits surgically — it only adds lines (AVOID lines for
anti-patterns, user-stated learned facts, one targeted line for the most negative category,
the operator's guidance when refining) and never removes or rewrites an existing directive, so
nothing that positive feedback confirms can be lost. An LLM proposer implements the same
interface and falls back to this one.
"""

import re
from dataclasses import dataclass, field
from typing import Protocol

from language.agent_lines import directive
from language.agent_terms import for_agent, written_for_agent
from language.contrary import against_line, contrary_to
from language.gates import skips_gate
from language.objections import aimed_at, asks_less, shared
from language.remedies import Remedy, asked_by, is_remedy, line_of_one_case, seen_downstream, similarity
from language.sentences import sentences, within
from language.shortcuts import careful, shortcut
from language.words import normalised

CATEGORY_FIXES = {
    "communication": "Keep reports concise: lead with the result, then at most three short points.",
    "accuracy": "Verify results before reporting them (run the check, re-read the output); say when unsure.",
    "tooling": "Use the tools and commands the project documents; check how it builds and runs "
    "before reaching for another tool.",
    "prioritization": "Start with the most important open item and say why it comes first.",
    "timeliness": "Report progress early and often; do not go silent on long-running work.",
    "general": "Ask one clarifying question when a request is ambiguous instead of guessing.",
}
CATEGORY_ORDER = tuple(CATEGORY_FIXES)


@dataclass(frozen=True)
class Addition:
    text: str
    reason: str
    evidence: int
    sources: tuple[str, ...] = ()  # the rows it was derived from ("observation:12", …)
    origin: str = (
        ""  # remedy | fact | anti_pattern | friction | shipped_tool | transfer | category | operator
    )
    target: tuple[str, ...] = ()  # the signals it should lower, when known at proposal time
    sessions: int = 0  # how many sessions its evidence comes from, when counted
    people: int = 0  # how many people asked for it (a session without a user's id is one), when counted
    downstream: tuple[str, ...] = ()  # the templates it was seen in, when its evidence came a hand-off away
    against: str = ""  # what those who asked for it argue against (language.objections), when they do
    about: str = ""  # the words of what the items asking it are about (language.objections.about)
    standing: bool = False  # asked as holding from now on: what it names is no one case (language.remedies)


@dataclass(frozen=True)
class ProposalInput:
    template: str
    directives: str
    negative_by_category: dict[str, int]
    positive_by_category: dict[str, int] = field(default_factory=dict)
    anti_patterns: tuple[str, ...] = ()
    learned_facts: tuple[str, ...] = ()
    operator_guidance: str = ""
    exclude: tuple[str, ...] = ()  # additions a human already rejected
    max_additions: int = 6
    remedies: tuple = ()  # language.remedies.Remedy: what negative feedback says would help
    earlier: tuple[tuple[str, int], ...] = ()  # (line, sessions) of the remedies the window before
    friction: tuple[dict, ...] = ()  # chronic (tool, failure_mode, sessions) pairs
    shipped: tuple[dict, ...] = ()  # tools built for a friction: (tool, failure_mode, proposal, task, result)
    built_for: tuple[tuple[str, str], ...] = ()  # (tool, failure_mode) pairs a tool was built for
    proven: tuple[dict, ...] = ()  # lines promoted elsewhere with a measured effect on a target seen here
    context: str = ""  # the ritual's token-budgeted context, every section (what an LLM reads)
    retry: tuple[Addition, ...] = ()  # lines of a rolled-back bundle cleared for a trial alone
    returning: tuple[Addition, ...] = ()  # lines a canary took back that new evidence asks for again
    dropped: tuple[str, ...] = ()  # lines their own test showed worse: their contrary may be tried
    served_facts: tuple[str, ...] = ()  # learned facts every agent is served (their own section)
    testing: tuple[tuple, ...] = ()  # (line, sessions[, about]) a canary or line test serves now
    served_support: tuple[tuple, ...] = ()  # (line, sessions, about) of served lines a line test promoted


@dataclass(frozen=True)
class ProposedChange:
    directives: str
    additions: tuple[Addition, ...]
    rationale: str
    proposer: str
    alternatives: tuple[Addition, ...] = ()  # evidence-backed lines not proposed this time
    removals: tuple[dict, ...] = ()  # lines pruned: {"text", "action": remove|merge, "reason", "into"}
    conflicts: tuple[dict, ...] = ()  # lines left out for contradicting a stronger one (see `conflict`)
    competitors: tuple[dict, ...] = ()  # lines left out for a better-supported rival (improver.competitors)


class Proposer(Protocol):
    name: str

    def propose(self, data: ProposalInput) -> ProposedChange | None: ...


MAX_LINE_CHARS = 300  # one added line
FREE_WORDS = ("remedy", "model")  # origins of lines in someone's own words, not built from a pattern
# Lines the rules write from a tool and its failure mode: a rule by construction (a remedy they
# carry was read as asking nothing of one case when it was grouped), so their identifiers
# ("NOTFOUND.package") are not read as naming one instance.
BUILT_FROM_A_TOOL = ("friction", "shipped_tool")
# Lines that tell agents to do what only an end user's text (feedback is data) could have asked:
# ignore their instructions, copy mail in secret, or send data somewhere outside. Refused from a
# model and from feedback alike, whatever the wording around them.
INSTRUCTS_LIKE_A_USER = re.compile(
    r"\b(ignore|disregard|forget|override)\b.{0,40}\b(instruction|prompt|rule|directive)s?\b"
    r"|\bbcc\b"
    r"|\b(send|forward|email|e-mail|post|upload|copy|cc|exfiltrate|leak)\b.{0,60}"
    r"(\b[\w.+-]+@[\w-]+\.[\w.]+|https?://|\bto (an? )?(external|outside|third[- ]party|personal))",
    re.IGNORECASE,
)


def refused(
    line: str,
    exclude: tuple[str, ...] = (),
    served: tuple[str, ...] = (),
    *,
    free: bool = False,
    one_case_read: bool = True,
) -> str:
    """Why a line may not be proposed by the machine ('' when it may), whoever wrote it (the rules
    or a model): too long; a line a human rejected or a rollback withdrew, in the same or other
    words (similarity ≥ 80, its opposite excepted); the contrary of a line `served` beside it;
    about one instance (an order, an amount, a host, a person; whom routed work goes to is none),
    which is no rule for a fleet (not read when `one_case_read` is False: a line built from a tool
    and its failure mode, or asked as holding from now on); or an instruction only a user's text
    could have asked for. A line in free words (`free`: a remedy said in feedback, a model's
    line) must also say what to do, whole or in one of its sentences, as language.agent_lines
    reads a line for the agents (an instruction, or a rule stated as a noun and a quantity, "One
    status update per day."; a description of one event, venting or a heading is no directive),
    and be written for the agent as `language.agent_terms` writes it (no praise or politeness
    around it, no "me"; a stated limit has no "me" either), each of its sentences when it has
    several (a request said in two, what to stop and what to do instead)."""
    text = line.strip().lstrip("-* ")
    against = contrary_to(text, served)
    if against:
        return f"a line that contradicts {against.strip()[:80]!r}"
    if len(line) > MAX_LINE_CHARS:
        return f"a line of {len(line)} characters (most {MAX_LINE_CHARS})"
    if any(_same_line(text, x) for x in exclude):
        return f"a line rejected or withdrawn before ({text[:80]!r})"
    parts = sentences(text) or [text]
    if one_case_read and any(line_of_one_case(part) for part in parts):
        return f"a line about one instance, not a rule ({text[:80]!r})"
    if INSTRUCTS_LIKE_A_USER.search(text):
        return f"a line that instructs agents as only a user's text asked ({text[:80]!r})"
    if free and not any(directive(part) for part in dict.fromkeys([text, *parts])):
        return f"a line that does not say what to do ({text[:80]!r})"
    if free and not written_for_agent(text):
        return f"a line not written for the agent ({text[:80]!r}; as a directive: {for_agent(text)!r})"
    return ""


def _same_line(text: str, other: str) -> bool:
    """The same line in the same or other words; never its opposite, which shares most of them
    ("Never offer the flexible fare" is not "Always offer the flexible fare" withdrawn again)."""
    if normalised(text) == normalised(other.lstrip("-* ")):
        return True
    return similarity(other, text) >= 80 and not contrary_to(text, (other,))


def _pattern_name(avoid_line: str) -> str:
    match = re.match(r"AVOID: (.+?)\. Failed", avoid_line)
    return match.group(1) if match else avoid_line


def _tool_words(tool: str) -> set[str]:
    return {w for w in re.split(r"[^a-z0-9]+", tool.lower()) if len(w) >= 3}


def shipped_line(built: dict) -> str:
    """The directive line that tells agents of a tool built for their friction: what the engineer
    said of it, in as many whole sentences as a line holds, what to do before why (a note longer
    than a line was refused every week, and the agents never learned of the tool)."""
    head = f"When {built['tool']} fails with {built['failure_mode']}, use what was built for it "
    head += "instead of retrying: "
    said = within(built["result"].strip().rstrip("."), MAX_LINE_CHARS - len(head) - 1, prefer=is_remedy)
    return f"{head}{said}" if said.endswith("…") else f"{head}{said.rstrip('.')}."


# The weight of a line's evidence, by where it comes from: lines are proposed heaviest first, and of
# two lines that contradict or compete the heavier wins. A request adds one per person who asked,
# chronic friction one per session (the review page explains weight from this table).
WEIGHTS = {"anti_pattern": 100, "shipped_tool": 90, "friction": 30, "remedy": 20, "fact": 18, "transfer": 15}


def evidence_additions(data: ProposalInput) -> list[Addition]:
    """Lines derived from this template's own evidence, each citing where it came from."""
    out: list[Addition] = []
    for line in data.anti_patterns:
        out.append(
            Addition(
                line, f"anti-pattern '{_pattern_name(line)}'", WEIGHTS["anti_pattern"], origin="anti_pattern"
            )
        )
    for fact in data.learned_facts:
        out.append(
            Addition(f"Remember: {fact.strip()}", "user-stated learned fact", WEIGHTS["fact"], origin="fact")
        )
    for built in data.shipped:
        out.append(
            Addition(
                shipped_line(built),
                f"a tool was built for this friction (proposal #{built['proposal']}, task #{built['task']})",
                WEIGHTS["shipped_tool"],
                (
                    f"friction:{built['tool']}:{built['failure_mode']}",
                    f"proposal:{built['proposal']}",
                    f"task:{built['task']}",
                ),
                "shipped_tool",
            )  # fmt: skip
        )
    shipped = {(b["tool"], b["failure_mode"]) for b in data.shipped} | set(data.built_for)
    used: set[str] = set()
    for pair in (p for p in data.friction if (p["tool"], p["failure_mode"]) not in shipped):
        words = _tool_words(pair["tool"])
        remedy = next((r for r in data.remedies if words & set(normalised(r.text).split())), None)
        text = f"When {pair['tool']} fails with {pair['failure_mode']}, do not retry it unchanged"
        text += f": {remedy.text[0].lower()}{remedy.text[1:]}" if remedy else "; change approach and say why."
        if remedy:
            used.add(remedy.text)
        sources = (f"friction:{pair['tool']}:{pair['failure_mode']}",) + (
            remedy.sources[:20] if remedy else ()
        )
        out.append(
            Addition(
                text if text.endswith(".") else text + ".",
                f"chronic friction: {pair['tool']} {pair['failure_mode']} in {pair['sessions']} sessions",
                WEIGHTS["friction"] + pair["sessions"],
                sources,
                "friction",
                sessions=pair["sessions"],
            )
        )
    for line in data.proven:
        out.append(
            Addition(
                line["text"],
                f"promoted on {line['template']} (rollout #{line['rollout']}): its target "
                f"{line['target'][0]} fell by {-line['effect']:.0%} of sessions; the same signal shows here",
                WEIGHTS["transfer"],
                (f"rollout:{line['rollout']}", f"proposal:{line['proposal']}"),
                "transfer",
                tuple(line["target"]),
            )
        )
    return out + [remedy_addition(remedy) for remedy in data.remedies if remedy.text not in used]


def remedy_addition(remedy: Remedy) -> Addition:
    """The line a remedy asked in feedback proposes, weighed by the people who asked for it (each
    person counts once, however often they asked)."""
    people = remedy.people or remedy.sessions
    return Addition(
        remedy.text,
        f"{asked_by(people, remedy.sessions)} of negative feedback ({remedy.count} items)"
        + (f"; {seen_downstream(remedy.downstream)}" if remedy.downstream else ""),
        WEIGHTS["remedy"] + people,
        remedy.sources[:20],
        "remedy",
        sessions=remedy.sessions,
        people=people,
        downstream=remedy.downstream,
        against=remedy.against,
        standing=remedy.standing,
        about=remedy.about,
    )


class DeterministicProposer:
    name = "deterministic"

    def propose(self, data: ProposalInput) -> ProposedChange | None:
        candidates, fallback = _candidates(data)
        self.last_left_out: list[dict] = []  # what it considered and did not propose, and why
        chosen, conflicts, replaced = _choose(candidates, data, self.last_left_out)
        retry = {a.text for a in data.retry} | {a.text for a in data.returning}
        alone = next((a for a in chosen if a.text in retry), None)
        # a line cleared from a rolled-back bundle, or one a canary took back that new evidence
        # asks for again, is tried on its own: one such line a proposal
        if alone is not None:
            chosen = [alone] + [a for a in chosen if a is not alone]
            chosen, rest = chosen[:1], chosen[1:] + fallback
        else:
            chosen, rest = chosen[: data.max_additions], chosen[data.max_additions :] + fallback
        if not chosen:
            self.last_left_out += [left(a, STOCK_LINE) for a in fallback]
            return None
        replaced = [r for r in replaced if r["into"] in {a.text for a in chosen}]
        gone = {r["text"] for r in replaced}
        body = "\n".join(
            line for line in data.directives.rstrip("\n").splitlines() if line.strip() not in gone
        )
        new = body + "\n" + "\n".join(a.text for a in chosen) + "\n"
        rationale = "Adds: " + "; ".join(f"{a.text!r} ({a.reason}, evidence {a.evidence})" for a in chosen)
        if replaced:
            rationale += ". Replaces: " + "; ".join(f"{r['text']!r} ({r['reason']})" for r in replaced) + "."
        else:
            rationale += ". Nothing was removed: every existing directive is kept."
        return ProposedChange(
            new,
            tuple(chosen),
            rationale,
            self.name,
            tuple(rest),
            removals=tuple(replaced),
            conflicts=tuple(conflicts),
        )


def _candidates(data: ProposalInput) -> tuple[list[Addition], list[Addition]]:
    """Every line the evidence supports (the operator's guidance first), and the line for the most
    negative category, which is a candidate only when nothing else is."""
    candidates: list[Addition] = []
    if data.operator_guidance:
        guidance = f"Operator guidance: {data.operator_guidance.strip()}"
        candidates.append(Addition(guidance, "operator refinement", 1_000, origin="operator"))
    candidates += evidence_additions(data)
    if data.returning:  # a line back on new evidence stands for the fresh candidate that repeats it
        candidates = [c for c in candidates if not any(_same_line(c.text, r.text) for r in data.returning)]
        candidates += list(data.returning)
    candidates += [
        Addition(
            a.text,
            f"tried again alone: its targets improved in a rolled-back bundle ({a.reason})",
            a.evidence,
            a.sources,
            a.origin,
            a.target,
            a.sessions,
        )
        for a in data.retry
        if a.text not in {c.text for c in candidates}
    ]
    negatives = {c: n for c, n in data.negative_by_category.items() if n > 0}
    fallback: list[Addition] = []
    if negatives:
        top = max(negatives, key=lambda c: (negatives[c], -CATEGORY_ORDER.index(c)))
        reason = f"most negative category: {top}"
        fallback.append(Addition(CATEGORY_FIXES[top], reason, negatives[top], origin="category"))
    if not any(a.origin != "operator" for a in candidates):  # the category line only without evidence
        return candidates + fallback, []
    return candidates, fallback


STOCK_LINE = "the category's stock line is proposed only when no line has evidence of its own"


def left(addition: Addition, why: str) -> dict:
    """A candidate line not proposed, with its support and why (what a ritual that proposes
    nothing says it considered)."""
    return {
        "line": addition.text,
        "origin": addition.origin,
        "sessions": addition.sessions,
        "people": addition.people,
        "evidence": addition.evidence,
        "why": why,
    }


def _choose(
    candidates: list[Addition], data: ProposalInput, skipped: list[dict] | None = None
) -> tuple[list[Addition], list[dict], list[dict]]:
    """The candidates that may be proposed, strongest first; those left out for contradicting a
    stronger one or a served line; and the served lines newer evidence replaces. Each candidate
    left out is added to `skipped` with why."""
    skipped = [] if skipped is None else skipped
    existing = normalised(data.directives)
    chosen: list[Addition] = []
    conflicts: list[dict] = []
    replaced: list[dict] = []  # served lines whose opposite newer evidence asks for
    served = tuple(data.directives.splitlines())
    seen: list[Addition] = []  # every candidate so far, stronger first, refused ones included
    for addition in sorted(candidates, key=lambda a: (-a.evidence, -a.sessions)):
        key = normalised(addition.text)
        subject = normalised(_pattern_name(addition.text))
        if key in existing or (subject and subject in existing):
            skipped.append(left(addition, "the template already serves it"))
            continue
        # A line and its contrary are never served together, and the side with more evidence
        # decides: a weaker contrary is left out even when the stronger side may not be
        # proposed itself (a human withdrew it), so the minority never wins by default; once the
        # stronger side's own test showed it worse (`dropped`), the weaker is tried.
        stronger = next(
            (
                c
                for c in seen
                if not any(_same_line(c.text, d) for d in data.dropped) and _rivals(addition, c)
            ),
            None,
        )
        seen.append(addition)
        against = next((line for line in served if opposed(addition, line)), "") or _answered(
            addition, data.served_support, served
        )
        # those who argue against a served line are its minority: they never turn it (a test
        # that drops it makes room for their line)
        objecting = bool(against) and not contrary_to(addition.text, (against,))
        if stronger is not None or (
            against and (objecting or not turned(addition, against, seen, data.earlier))
        ):
            conflicts.append(conflict(addition, stronger, against))
            skipped.append(left(addition, _contradiction(stronger, against, addition)))
            continue
        tested = next((line for line, *asked in data.testing if _waits_for(addition, line, *asked)), "")
        if tested and addition.origin != "operator":
            skipped.append(left(addition, f"contradicts {tested.strip()!r}, {UNDER_TEST}"))
            continue
        fact = addition.origin != "operator" and displaced(addition, data.served_facts)
        if fact:
            skipped.append(left(addition, f"contradicts the learned fact {fact!r}, {SERVED_FACT}"))
            continue
        why = addition.origin != "operator" and refused(
            addition.text,
            data.exclude,
            free=addition.origin in FREE_WORDS,
            one_case_read=addition.origin not in BUILT_FROM_A_TOOL and not addition.standing,
        )
        if why:
            skipped.append(left(addition, f"refused: {why}"))
            continue
        same = next(
            (c for c in chosen if normalised(c.text) == key or similarity(c.text, addition.text) >= 80), None
        )
        if same is not None:  # the same thing said twice (a fact and the remedy it repeats)
            skipped.append(left(addition, f"repeats {same.text!r}"))
            continue
        chosen.append(addition)
        if against:
            replaced.append(replacement(against, addition))
    return chosen, conflicts, replaced


# A learned fact earned its reach by its own test; a line that says its contrary would take it out
# of every block the line is served in (a fact is never served beside its contrary), unseen.
SERVED_FACT = "which every agent is served: retire the fact on its page first to serve this line"


# A line under test is served to a share of sessions, each drawn on its own: its contrary, drawn
# beside it, would be served with it to some of them.
UNDER_TEST = (
    "which is under test now and far better supported: it waits for that test, and is tried should "
    "the test drop that line"
)


def minority(addition: Addition, sessions: int) -> bool:
    """Whether the addition is asked for in less than half the sessions of a line (`sessions`): a
    minority's ask against it. Of two asks of comparable support, each is tested on its own and
    its test, not the reading of their words, tells whether it helps (the pair reader errs on
    lines of different problems more often than a few users want the opposite of most)."""
    return 2 * addition.sessions < sessions


def _rivals(addition: Addition, other: Addition) -> bool:
    """Whether two asks of one window are contrary sides, of which only the stronger is proposed:
    one says the contrary of the other, and one of them is a minority's (`minority`) or argues
    against the other (`language.objections`). Two asks of comparable support that only the
    reading of their words opposes are each tested on their own, as a line under test and such an
    ask are: the pair reader errs on lines of different problems ("tell us the night before when
    something's short" / "give a two-hour arrival window") more often than half the users want
    the opposite of the others."""
    if not (
        opposed(addition, other.text, other.sessions)
        or opposed(other, addition.text, addition.sessions)
        or _answers(addition, other.about, other.sessions)
        or _answers(other, addition.about, addition.sessions)
    ):
        return False
    comparable = addition.sessions and other.sessions and not minority(addition, other.sessions)
    comparable = comparable and not minority(other, addition.sessions)
    return not comparable or _objects(addition, other.text) or _objects(other, addition.text)


# Words of what the items of a minority asking for less are about that the items of the other line
# name too, for its ask to answer that line (`_answers`).
SHARED_ABOUT = 3


def _answers(addition: Addition, about: str, sessions: int) -> bool:
    """Whether the addition is a minority's answer to another line, asked in `sessions` by items
    about `about`: asked in fewer than half those sessions, by items that object to something or
    ask for less (`language.objections`) and are about what the other's items are about
    (`SHARED_ABOUT` of their words: "I don't need someone driving 80 miles to look at grass" of
    items asking for a site visit before a marquee on a sloping field is booked; "I've had the
    boiler serviced here for years and I know to clear the junk out of the cupboard. Just text me
    the arrival time" of items asking for a checklist of what to clear from the boiler cupboard)."""
    if not (addition.against and addition.about and about and minority(addition, sessions)):
        return False
    return _people_asked(addition) and shared(addition.about, about) >= SHARED_ABOUT


def _people_asked(addition: Addition) -> bool:
    """Whether the addition was asked in people's feedback only: a reviewer's reason states the
    house's rule, which no minority's preference is ("Any letter confirming sleep apnoea must
    include the DVLA paragraph", said in fewer sessions than the complaints about the same
    patients, answers none of them)."""
    return not any(source.startswith("decision:") for source in addition.sources)


def _answered(addition: Addition, support: tuple[tuple, ...], served: tuple[str, ...]) -> str:
    """The served line (of those a line test promoted, with their `support`) the addition is a
    minority's answer to (`_answers`), as it is served; '' when none."""
    answered = next((line for line, n, about in support if _answers(addition, about, n)), "")
    return next((line for line in served if answered and line.strip() == answered.strip()), "")


def _objects(addition: Addition, line: str) -> bool:
    """Whether those who asked for the addition object to `line` by name (`language.objections`);
    an item that only asks for less names nothing it objects to (`asks_less`)."""
    return bool(addition.against) and not asks_less(addition.against) and aimed_at(addition.against, line)


def displaced(addition: Addition, facts: tuple[str, ...]) -> str:
    """The served learned fact the added line says the contrary of ('' when none)."""
    return next((fact for fact in facts if against_line(fact, addition.text)), "")


def opposed(addition: Addition, line: str, sessions: int | None = None) -> bool:
    """Whether `line` says the contrary of the addition, in its words or in what those who asked
    for the addition argue against ("the vacc photo thing is overkill": a line asking for the
    photo of the vaccination card). A shortcut (`language.shortcuts`: "Just tell us the day and
    leave it at that") argues against lines it shares no word with, and its words cannot say
    which: a shortcut asked in fewer than half the sessions of a line (`sessions`), or against a
    served line that asks for care (`sessions` None), is read as its contrary, and the side with
    more evidence decides, as for any contrary. (A served shortcut is no side: it may be the
    template's own, "Just answer what is asked", which no care asked for later replaces.) So is a
    line that does straight away what the other holds back until a step is done
    (`language.gates`: "Book the appointment" / "Ask what the problem is before it books"), when
    asked in fewer than half the other's sessions or against it served (of two lines under test,
    the gate may be the minority's too). And so is a line of two or more words of what a minority
    asking for less is about ("I don't need someone driving 80 miles to look at grass. Please just
    confirm the booking" / "Insist on a site visit before taking the booking"), when it is the
    minority of that line."""
    if not line.strip():
        return False
    if contrary_to(addition.text, (line,)) or _objects(addition, line):
        return True
    skips = shortcut(addition.text) and not shortcut(line)
    if sessions is None:
        return skips_gate(addition.text, line) or (skips and careful(line))
    if not minority(addition, sessions):
        return False
    less = asks_less(addition.against) and _people_asked(addition) and aimed_at(addition.against, line)
    return skips or less or skips_gate(addition.text, line) or skips_gate(line, addition.text)


def _waits_for(addition: Addition, line: str, sessions: int, about: str = "") -> bool:
    """Whether the addition waits for the test of `line` (asked in `sessions` by items about
    `about`): it is the minority's contrary of it, or it asks for care and the line under test is
    a shortcut (that test ends before it is tried)."""
    if shortcut(line) and not shortcut(addition.text) and careful(addition.text):
        return True
    if not minority(addition, sessions):
        return False
    return opposed(addition, line, sessions) or _answers(addition, about, sessions)


def _contradiction(stronger: Addition | None, served: str, addition: Addition) -> str:
    other = stronger.text if stronger is not None else served
    how = (
        " (one asks to skip or settle for less than the other asks)"
        if shortcut(addition.text) != shortcut(other)
        else ""
    )
    if stronger is not None:
        return f"contradicts {stronger.text!r}{how}, which has more evidence ({stronger.evidence})"
    return (
        f"contradicts the served line {served.strip()!r}{how}, and the feedback has not turned against it "
        "(a human edits served lines)"
    )


def turned(newer: Addition, served_line: str, seen: list[Addition], earlier=()) -> bool:
    """Whether the evidence has turned against a served line: what the window's feedback asks is
    its opposite (`newer`, said in at least two sessions, in users' or the agents' own words), in
    at least twice as many sessions as the window before asked it (`earlier`: a turn is new; a
    minority that always asked the opposite has not turned, and a served line that works is asked
    for less), and nothing said in the window asks for the served line in as many sessions. Then
    the served line is replaced, never kept beside its opposite. A model's line carries no
    sessions of its own, so it never replaces a served line: it is refused as the contrary of one."""
    if newer.origin not in FREE_WORDS or newer.sessions < 2:
        return False
    before = max(
        (
            n
            for text, n in earlier
            if similarity(text, newer.text) >= 80 and not contrary_to(text, (newer.text,))
        ),
        default=0,
    )
    if newer.sessions < 2 * before:
        return False
    backing = (
        c
        for c in seen
        if c is not newer
        and similarity(c.text, served_line) >= 80
        and not contrary_to(c.text, (served_line,))
    )
    return all(c.sessions < newer.sessions for c in backing)


def replacement(served_line: str, newer: Addition) -> dict:
    """A served line taken out for the opposite line newer evidence asks for (a removal that the
    review page shows beside the addition that replaces it)."""
    return {
        "text": served_line.strip(),
        "action": "replace",
        "reason": f"newer feedback asks the opposite in {newer.sessions} sessions",
        "into": newer.text,
    }


def conflict(left_out: Addition, stronger: Addition | None, served: str) -> dict:
    """A line left out for contradicting a stronger one: a line proposed beside it with more
    evidence, or one the template already serves (a human edits those)."""
    return {
        "line": left_out.text,
        "evidence": left_out.evidence,
        "sessions": left_out.sessions,
        "against": stronger.text if stronger else served.strip(),
        "against_evidence": stronger.evidence if stronger else None,
        "against_sessions": stronger.sessions if stronger else None,
        "served": stronger is None,
    }
