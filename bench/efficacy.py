"""Do evolutions prove themselves? Simulated fleets driven through the real services for six
weeks, against the same fleets without learning.

    .venv/bin/python bench/efficacy.py [--seed N] [--weeks W] [--sessions] [--fleets heldout]

Each fleet has one recurring failure of every kind the loop learns from, and most of them show
nowhere but in what people say:
- fact: users correct the same thing (a learned fact, if it recurs across sessions and agents);
- pattern: a failing strategy in skill outcomes (an anti-pattern);
- remedy: users state what would help only in negative feedback text, no tool fails;
- rejection: QA rejects the work with a reason that states the remedy, no tool fails;
- tool_gap: a tool keeps failing because what the agents need does not exist; only a tool built
  for it helps (the new-tool proposal is approved, a scripted engineer ships it on the board and
  the agents must be told);
- harm: from week 2 users keep asking for a harmful shortcut; the evolution that carries it is
  approved like every other and must be rolled back. Its harm shows in tool failures on one
  fleet and only in rejections and complaints on the others.
On top, noise: one-off corrections about one order, one customer or one amount ("No, the order is
#A12345, not #A54321", "No, don't use issue_refund for $632.") that must never become facts served
to the fleet.

The incident fleet adds what a canary can get wrong: its harm shows only in cost, tokens and time
(the same success, twice the tokens and ten more minutes a session); a few of its users correct
the remedy the opposite way ("Don't rotate the logs …"), and the two must never be served
together; three of its agents send outcomes and decisions without a session; and its fact is a
policy with an amount ("… over $500 …"), which must reach the fleet.

A simulated agent avoids a failure when its prompt block carries the line for it; a rollout is
checked daily, rituals run weekly, and a scripted operator approves every proposal and decides
every rollout handed over to a human as its recommendation says (when it says wait: promoted when
what it is judged on fell by at least the margin and no signal's interval shows a harm, aborted
otherwise). Prints, per
fleet: each kind's rate in week 1, the last week and without learning; the largest prompt block
(characters) served each week; every rollout with what it tested and its decision; then the
targets, PASS or FAIL.

With `--sessions`, every session of the one-template fleets reads its directives naming itself
(`?session_id=`), the read that starts it, and runs on what that read served; each line of an
approved change is then tested on its own (a line test), and the operator decides the line tests
handed over to a human by the same rules as rollouts (the two-template fleets always name their
sessions; the flag has the operator decide their line tests too). Without it, each agent reads
once a day, naming no session. The report lists each fleet's line tests as it lists rollouts.

With `--fleets heldout`, the one-template fleets are those of bench/heldout_fleets.py, written by
someone else (`--fleets outsider`, `--fleets third` and `--fleets fourth`:
bench/outsider_fleets.py, bench/third_fleets.py and bench/fourth_fleets.py, three more such sets,
the fourth written last, in domains none of the others covers, and only ever measured;
`--fleets fifth`: bench/fifth_fleets.py, written likewise, to read when the fourth falls short;
`--fleets sixth`: bench/sixth_fleets.py, written likewise once the fourth had been read, measured,
then read once the seventh was written; `--fleets seventh`: bench/seventh_fleets.py, written
likewise after that, measured and never read to tune, though its sentences have since been seen;
`--fleets eighth`: bench/eighth_fleets.py, written likewise once the seventh was first measured,
to read; `--fleets ninth`: bench/ninth_fleets.py, written likewise once the eighth had been read,
to read; `--fleets tenth`: bench/tenth_fleets.py, written likewise with it, the clean test set
until the eleventh was written, read since; `--fleets eleventh`: bench/eleventh_fleets.py, written
likewise after that, the clean test set until the twelfth was written, read since; `--fleets
twelfth`: bench/twelfth_fleets.py, written likewise after that, the clean test set only ever
measured; `--fleets thirteenth`: bench/thirteenth_fleets.py, written likewise once the twelfth
had been measured for two sessions, a second clean test set, measured, never read to tune;
`--fleets fourteenth`: bench/fourteenth_fleets.py, written likewise once the thirteenth had been
measured, a third clean test set, measured, then diagnosed (some of its lines were read while a
failure was traced); `--fleets fifteenth`: bench/fifteenth_fleets.py, written likewise after that,
the clean test set until the sixteenth was written, measured, never read to tune, though a few
of its sentences have since been seen; `--fleets sixteenth`: bench/sixteenth_fleets.py, written
likewise after that, measured, never read to tune; `--fleets seventeenth`:
bench/seventeenth_fleets.py, written likewise once the sixteenth had been measured for a session,
the clean test set, measured, never read to tune; `--fleets seventeenth_read`:
bench/seventeenth_read_fleets.py, written likewise beside it by another helper, in domains some of
the development tables share, read while tuning; `--fleets eighteenth`: bench/eighteenth_fleets.py,
written likewise once the seventeenth had been measured for two sessions, the clean test set
until the nineteenth was written, measured, then read; `--fleets eighteenth_read`:
bench/eighteenth_read_fleets.py, written beside it by another helper, read while tuning; `--fleets
nineteenth`: bench/nineteenth_fleets.py, written likewise once the eighteenth had been measured for
two sessions, the clean test set until the twentieth was written, measured, then read; `--fleets
nineteenth_read`: bench/nineteenth_read_fleets.py, written beside it by another helper, read while
tuning; `--fleets twentieth`: bench/twentieth_fleets.py, written likewise once the nineteenth had
been measured for a session, the clean test set until the twenty-first was written, measured,
then read; `--fleets twentieth_read`: bench/twentieth_read_fleets.py, written beside it by
other helpers, read while tuning; `--fleets twentyfirst`: bench/twentyfirst_fleets.py, written
likewise by two helpers once the twentieth had been measured for two sessions, a clean test
set, only ever measured; `--fleets twentysecond`: bench/twentysecond_fleets.py, written likewise
by a helper once the twenty-first had been measured for a session, a clean test set, only ever
measured; `--fleets twentythird`: bench/twentythird_fleets.py, written likewise by a helper once
the twenty-second had been measured for two sessions, a clean test set, measured for two
sessions, then read; `--fleets twentyfourth`: bench/twentyfourth_fleets.py, written likewise by a
helper once the twenty-third had been measured for two sessions, measured for a session, then read;
`--fleets twentyfifth`: bench/twentyfifth_fleets.py, written likewise by a helper once the
twenty-fourth had been measured for two sessions, measured, then read;
`--fleets twentysixth`: bench/twentysixth_fleets.py, written likewise by a helper once the
twenty-fifth had been measured, measured for two sessions, then read; `--fleets twentyseventh`:
bench/twentyseventh_fleets.py, written likewise by a helper beside the twenty-sixth, measured for a
session, then read; `--fleets twentyeighth`: bench/twentyeighth_fleets.py, written likewise by a
helper once the twenty-seventh had been measured, measured for two sessions, then kept for
measuring only; `--fleets twentyninth`: bench/twentyninth_fleets.py, written likewise by a helper
once the twenty-eighth had been measured, measured for a session, then read; `--fleets thirtieth`:
bench/thirtieth_fleets.py, written likewise by a helper once the twenty-ninth had been measured, a
clean test set, only ever measured).
Each adds
further `problems` (a complaint that carries a request, sent as negative feedback; each is a
failure kind of its own, failed as often as the remedy unless the prompt carries the request) and
its own one-off corrections (`noise`, each sent at the rate of the built-in ones and never to be
served), in place of the built-in one-offs. Each problem is reported like the other kinds, counts
in 'all', and must fall by half by the last week.
"""

import argparse
import functools
import json
import os
import random
import re
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

KINDS = ("fact", "pattern", "remedy", "rejection", "tool_gap", "harm")
LEARNABLE = KINDS[:-1]
FLEETS = {
    "coding": {
        "agents": 6,
        "week": (5, 5, 5, 5, 5, 0, 0),  # sessions per agent and weekday
        "fact": ("No, use pnpm instead of npm in this repo.", "pnpm"),
        "pattern": "Split by file type",
        "remedy": ("The diff was huge. Keep each pull request under 300 changed lines.", "300 changed lines"),
        "rejection": ("Add a test for every bug you fix.", "test for every bug"),
        "tool_gap": ("dep_graph", "NOTFOUND", "dep_graph now lists every package's dependents"),
        "harm": ("Skip the slow integration tests to save time.", "skip the slow", "tools"),
    },
    "support": {
        "agents": 8,
        "week": (4, 4, 4, 4, 4, 2, 2),
        "fact": ("No, refunds go through the billing portal instead of email.", "billing portal"),
        "pattern": "Promise a callback",
        "remedy": ("I had to ask twice. Confirm the account id before changing anything.", "account id"),
        "rejection": ("Attach the receipt to every refund note.", "attach the receipt"),
        "tool_gap": ("order_lookup", "NOTFOUND", "order_search finds an order by the customer's email"),
        "harm": ("Skip identity checks for returning customers.", "skip identity checks", "feedback"),
    },
    "research": {  # small and quiet: 8 agents, 12 sessions a week each
        "agents": 8,
        "week": (2, 2, 2, 2, 2, 1, 1),
        "fact": ("No, cite the primary paper instead of the blog post.", "primary paper"),
        "pattern": "Answer from memory",
        "remedy": ("Useless without sources. Include the page number for every quote.", "page number"),
        "rejection": ("State the sample size next to every result.", "sample size"),
        "tool_gap": ("pdf_reader", "NOTFOUND", "pdf_text extracts the text of a paper by its DOI"),
        "harm": ("Keep every answer under two sentences.", "two sentences", "feedback"),
    },
    "incident": {
        "agents": 8,
        "week": (3, 3, 3, 3, 3, 1, 1),
        "fact": ("No, refunds over $500 need the escalate_refund tool.", "over $500"),
        "pattern": "Restart first",
        "remedy": (
            "The disk filled up again. Rotate the logs when the disk is full.",
            "rotate the logs when",
        ),
        "rejection": ("Write the incident timeline in UTC.", "timeline in utc"),
        "tool_gap": ("log_search", "TIMEOUT", "log_query searches an hour of logs in seconds"),
        "harm": ("Run the full diagnostics suite before every reply.", "full diagnostics suite", "cost"),
        "contrary": ("Don't rotate the logs, we need them for the audit.", "rotate the logs, we need"),
        "sessionless": 3,  # agents that send outcomes and decisions without their session
    },
}
P = {"fact": 0.4, "pattern": 0.4, "remedy": 0.4, "rejection": 0.35, "tool_gap": 0.35, "harm": 0.5}
NOISE = 0.3  # sessions with a one-off correction about one instance
FOLLOWED = 0.1  # a failure's chance, relative, when the agent's prompt carries the line for it
START = datetime(2026, 1, 5, tzinfo=UTC)  # a Monday
PATIENCE = timedelta(days=14)  # how long the operator lets a rollout advised "wait" gather evidence


def setup_django(path: str) -> None:
    from bench.common import fresh_sqlite

    os.environ["DATABASE_URL"] = fresh_sqlite(path)  # migrated again below
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.pop("CELERY_BROKER_URL", None)
    import django

    django.setup()
    import logging

    for noisy in (
        "celery",
        "kombu",
        "django.request",
        "improver",
        "planner",
        "governance",
        "telemetry",
        "learning",
        "fleet",
    ):
        logging.getLogger(noisy).setLevel(logging.CRITICAL)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def kinds_of(spec: dict) -> tuple[str, ...]:
    """The failure kinds of a fleet's sessions: the six, then each further problem it has."""
    return (*KINDS, *(f"problem{n}" for n in range(1, len(spec.get("problems", ())) + 1)))


def problem(spec: dict, kind: str) -> tuple[str, str]:
    """A further problem's complaint and the words of its request that help when served."""
    return spec["problems"][int(kind.removeprefix("problem")) - 1]


def carries(prompt: str, kind: str, spec: dict) -> bool:
    text = prompt.lower().replace("\u2019", "'")  # a typographic apostrophe reads as a plain one
    if kind == "pattern":
        return f"avoid: {spec['pattern'].lower()}" in text
    if kind == "tool_gap":
        return spec["tool_gap"][0] in text and "use what was built for it" in text
    words = problem(spec, kind)[1] if kind.startswith("problem") else spec[kind][1]
    return any(said in text for said in told(words))


@functools.cache
def told(words: str) -> set[str]:
    """A request's words as the user said them and as the agent is told them ("let me know the
    same day" is served as "Let the user know the same day"; "always asked for the postcode", of
    "… if it always asked for the postcode", as "Always ask for the postcode"; "whenever someone
    asks, they were told the stage", of "I'd appreciate it if …", as "Whenever someone asks, tell
    them the stage"; "delivery slots be shown when I'm ordering", of "Why can't the …?", as "The
    delivery slots should be shown when the user is ordering"): a line carries any."""
    from language.agent_terms import for_agent, speaker_as_user
    from language.passive_asks import appreciated
    from language.request_forms import base_act
    from language.rhetorical_asks import later_acts_asked, told_instead
    from language.spelling import plain_spelling

    said = plain_spelling(words.lower().replace("\u2019", "'"))  # "shud only say …" as "should only say …"
    active = appreciated(f"I'd appreciate it if {said}").lower() or said
    # what should have been done ("should have booked me a fitting …"), or done to the writer ("being
    # told up front that …"), as the agent is told to do it: "book me a fitting …", "tell the user up
    # front …" (as the reader says it, `language.rhetorical_asks.told_instead`); what the agent is
    # named doing ("the assistant telling me to bring …", "if the chat asked whether …") likewise,
    # each act after the first too ("… and told me if …": "… and tell me if …")
    said_as_done = told_instead(SHOULD_HAVE.sub("", THE_AGENT.sub("", said))).lower()
    said_as_done = later_acts_asked(said_as_done)
    now = asked_now(said_as_done)  # in the agent's terms too: "tell me how long" → "tell the user how long"
    ways = {
        said,
        for_agent(words).rstrip(".").lower() or said,
        said_as_done,  # "should only say cancelled if …" as "only say cancelled if …"
        now,
        for_agent(now).rstrip(".").lower() or now,
        active,
        speaker_as_user(words).rstrip(".").lower(),  # "talk to me like …" as "talk to the user like …"
        base_act(said) or said,  # what it does from now on: "only confirms when …" as "only confirm when …"
    }
    # a thing asked to be had done ("delivery slots be shown when …") is served as what should be
    # (a thing named at length before its "be": "any request for a visit outside opening hours be …")
    # … and a thing wished done ("If the reminders could go out after 8, …") as what should be
    ways |= {WISHED.sub(" should ", way, count=1) for way in ways}
    return ways | {SHOULD_BE.sub(r"\1should be ", way, count=1) for way in ways}


WISHED = re.compile(r"\s(?:could|would)\s(?!have\b)")
THE_AGENT = re.compile(
    r"^(?:if\s+)?(?:the|your|this)\s+(?:[\w-]+\s+)?(?:chat|assistant|bot|chatbot|helper|website|site|system|agent)\s+"
)
# (what should have been done, or what is to be done: "needs to collect …", "should ask …")
SHOULD_HAVE = re.compile(
    r"^(?:(?:should|could|would|might)(?:\s+have|'ve)|(?:should|must|needs?\s+to|has\s+to|have\s+to|ought\s+to)"
    r"(?!\s+have\b|'ve\b))\s+"
)
SHOULD_BE = re.compile(
    r"^((?:[\w'-]+ ){1,6}?|(?:any|every|each|all|the|our|your) (?:[\w'-]+ ){1,14}?)(?:be|is|are) "
    r"(?=\w+(?:ed|en|wn|ld|nt|de)\b)"
)


def asked_now(said: str) -> str:
    """The words with their first verb in the past put in its base form ("told anyone arriving
    late to ring" → "tell anyone arriving late to ring"), as a wish is served, or the verb they
    open with as said of the agent ("makes clear in every quote …", of "I would ask that the
    assistant makes clear …") or as what someone should be doing ("asking up front whether the car
    runs", of "You should be asking up front …") → "ask up front whether the car runs", as the ask
    is served)."""
    from lemminflect import getAllLemmas, getLemma

    from language.grammar import base_verb, past

    words = said.split()
    if words and words[0].endswith("ing") and (lemma := getAllLemmas(words[0], upos="VERB").get("VERB")):
        return " ".join([lemma[0], *words[1:]])  # (a verb by the dictionary: not "nothing", "morning")
    if words and words[0].endswith("s") and (lemma := getAllLemmas(words[0], upos="VERB").get("VERB")):
        return " ".join([lemma[0], *words[1:]])  # said of the agent: "makes clear in every quote …"
    for i, word in enumerate(words):
        if past(word) and (lemma := getLemma(word, upos="VERB")):
            return " ".join([*words[:i], lemma[0], *words[i + 1 :]])
        if i == 0 and base_verb(word):
            break  # asked as it is: "ask what kind of stove it is" ("stove" is no past of "stave" here)
    return said


def one_off_marks(spec: dict, name: str = "") -> set[str]:
    """What names the one instance each of a fleet's own one-off corrections is about: its words
    with a digit or a capital inside the sentence ("INV-44817", "Biscuit", "Joliet") that none of
    the fleet's other sentences uses, nor the fleet's `name` its base directives carry ("You are a
    marlowe street deli agent." names no "Street" of a one-off). A bare number under 100 ("17" of
    "17 Pine St") names nothing on its own: a served line counting "Failed 17/17 times" is not
    about that street."""
    words = re.compile(r"[\w$][\w$.:'-]*\w|\w")
    said = [spec["fact"][0], spec["remedy"][0], spec["rejection"][0], spec["harm"][0], spec["pattern"]]
    said += [spec["tool_gap"][2], spec.get("contrary", ("",))[0], *(text for text, _ in spec["problems"])]
    # each part of a hyphenated word is used too: "Wednesday-Saturday" uses "Saturday"
    used = {part.lower() for text in said for w in words.findall(text) for part in (w, *re.split(r"[-–]", w))}
    used |= set(name.split("_"))
    return {
        w
        for text in spec["noise"]
        for n, w in enumerate(words.findall(text))
        if (any(c.isdigit() for c in w) or (n and w[0].isupper()))
        and w.lower() not in used
        and not (w.isdigit() and int(w) < 100)
    }


FAILED_COUNT = re.compile(r"failed \d+/\d+ times \(\d+% failure rate\)")


def one_off_served(prompt: str, spec: dict) -> str:
    """The served line that carries a one-off correction (empty when none does); the block's
    headings ("# Directives (translation-agency-1 v2)") are not lines, nor is the count an
    anti-pattern's line keeps ("Failed 112/480 times", which names no "112" of a one-off)."""
    for line in prompt.splitlines():
        if line.startswith("#"):
            continue
        lowered = FAILED_COUNT.sub("", line.lower())
        if "noise" not in spec:
            if "#a" in lowered or "issue_refund for $" in lowered:
                return line
        elif any(re.search(rf"(?<![\w$]){re.escape(m.lower())}(?!\w)", lowered) for m in spec["marks"]):
            return line
    return ""


def session(
    rng, spec: dict, prompt: str, sid: str, at: datetime, week: int, sessionless: bool = False
) -> tuple[list[dict], dict]:
    """One session's events and which failure kinds happened in it (`sessionless`: its outcomes
    and decisions are sent without their session, as some clients do)."""
    events, t = [], at

    def add(kind: str, **body) -> None:
        nonlocal t
        t += timedelta(seconds=rng.randint(5, 60))
        if not (sessionless and kind in ("skill_outcome", "decision")):
            body.setdefault("session_id", sid)
        events.append({"id": f"{sid}-{len(events)}", "type": kind, "timestamp": t.isoformat(), "body": body})

    failed = {}
    for kind in kinds_of(spec):
        if kind == "harm":
            failed[kind] = carries(prompt, kind, spec) and rng.random() < P[kind]
        else:
            chance = P["remedy" if kind.startswith("problem") else kind]
            failed[kind] = rng.random() < chance * (FOLLOWED if carries(prompt, kind, spec) else 1.0)
    add("tool_invocation", tool="search", outcome="success", duration_ms=40)
    if failed["fact"]:
        add("correction", user_message=spec["fact"][0])
    if "noise" in spec:  # the fleet's own one-offs
        if rng.random() < NOISE:
            add("correction", user_message=rng.choice(spec["noise"]))
    else:
        if rng.random() < NOISE:
            a, b = rng.randint(10000, 99999), rng.randint(10000, 99999)
            add("correction", user_message=f"No, the order is #A{a}, not #A{b}.")
        if rng.random() < NOISE / 2:
            add("correction", user_message=f"No, don't use issue_refund for ${rng.randint(101, 999)}.")
    pattern = spec["pattern"] if failed["pattern"] else "Small steps"
    costly = failed["harm"] and spec["harm"][2] == "cost"  # twice the tokens, ten more minutes
    tokens = rng.randint(1500, 2500) * (2 if costly else 1)
    add(
        "skill_outcome",
        skill="work",
        success=not failed["pattern"],
        duration_ms=rng.randint(50_000, 70_000) + (600_000 if costly else 0),
        input_tokens=tokens,
        output_tokens=tokens // 4,
        cost_usd=round(tokens * 1.25e-5, 5),
        patterns=[pattern],
        error_count=3 if failed["pattern"] else 0,
        retry_count=2 if failed["pattern"] else 0,
    )
    if failed["remedy"]:
        add("observation", sentiment="negative", text=spec["remedy"][0])
    for kind in kinds_of(spec)[len(KINDS) :]:
        if failed[kind]:
            add("observation", sentiment="negative", text=problem(spec, kind)[0])
    if "contrary" in spec and rng.random() < 0.06:  # a few users want the opposite
        add("observation", sentiment="negative", text=spec["contrary"][0])
    add(
        "decision",
        subject="the work",
        verdict="rejected" if failed["rejection"] else "confirmed",
        reason=spec["rejection"][0] if failed["rejection"] else "",
    )
    tool, mode, _ = spec["tool_gap"]
    for _ in range(3 if failed["tool_gap"] else 1):
        add("tool_invocation", tool=tool, outcome="failure" if failed["tool_gap"] else "success",
            duration_ms=80, **({"failure_mode": mode} if failed["tool_gap"] else {}))  # fmt: skip
    harm, _, shows = spec["harm"]
    if failed["harm"] and shows == "tools":
        add("tool_invocation", tool="deploy", outcome="failure", failure_mode="RUNTIME", duration_ms=90)
    elif failed["harm"] and shows == "feedback":
        add("decision", subject="QA review", verdict="rejected", reason="")
        add("observation", sentiment="negative", text="Nobody checked anything before answering me.")
    if week >= 2 and rng.random() < 0.4:  # users keep asking for the harmful shortcut
        add("observation", sentiment="negative", text=f"This took forever. {harm}")
    add("session_end", reflection={"failures": []})
    return events, failed


def judged(advised: str | None, check: dict, ran: timedelta) -> str | None:
    """How the operator decides a test handed over, from its last check: as its recommendation
    (`advised`) says when it says promote or abort; when it says wait, left to gather evidence
    (the test goes on: None) until it has run for `PATIENCE`, then promote when what it is judged
    on fell by at least the margin and no signal's interval shows a harm, abort otherwise. A
    signal is harmed when it is worse than its margin, as the service's own rule reads it: its
    interval lies wholly past the margin the check states (wholly above zero where it states
    none), not merely above zero — a usage ratio 5 seconds longer per success, within a margin
    of 12, is no harm."""
    if advised in ("promote", "abort"):
        return advised
    if ran < PATIENCE:
        return None
    intervals = check.get("intervals") or {}
    judged_on = (check.get("judged_on") or ["targets"])[0]
    fell = intervals.get(judged_on, [0])[0] <= -check.get("margin", 0.08)
    margins = check.get("margins") or {}
    harmed = any(ci[1] > margins.get(metric, 0) for metric, ci in intervals.items())
    return "promote" if fell and not harmed else "abort"


def started(item: dict) -> datetime:
    return datetime.fromisoformat(item["started_at"].replace("Z", "+00:00"))


class Operator:
    """Approves every pending proposal, ships every tool the board asks for, and decides every
    rollout (with `lines`, every line test too) handed over to a human."""

    def __init__(self, http, token: str, lines: bool = False):
        self.http, self.auth, self.lines = http, {"HTTP_AUTHORIZATION": f"Bearer {token}"}, lines

    def approve_all(self, kind: str) -> None:
        pending = self.http.get(f"/api/v1/proposals?status=pending&type={kind}", **self.auth).json()
        for proposal in pending["results"]:
            self.http.post(
                f"/api/v1/proposals/{proposal['id']}/approve",
                data="{}",
                content_type="application/json",
                **self.auth,
            )

    def decide_handed_over(self) -> None:
        """A rollout handed over (too few sessions to decide in time) is decided as a person
        reading its page would (`judged`); with `lines`, so is every line test handed over."""
        from config import clock

        handed = self.http.get("/api/v1/rollouts?status=needs_human", **self.auth).json()
        for rollout in handed:
            advised = (rollout.get("recommendation") or {}).get("action")
            action = judged(advised, rollout["last_check"] or {}, clock.now() - started(rollout))
            if action:
                self.http.post(
                    f"/api/v1/rollouts/{rollout['id']}/{action}",
                    data=json.dumps({"reason": "operator read the handed-over evidence"}),
                    content_type="application/json",
                    **self.auth,
                )
        if self.lines:
            self.decide_line_tests()

    def decide_line_tests(self) -> None:
        """Each line test handed over, decided level by level as a rollout is (`judged`, from the
        recommendation in each live level's last check): the best level judged promote is
        promoted (the one whose judged signal fell most); while any level waits, the test goes
        on; otherwise it is aborted."""
        from config import clock

        for test in self.http.get("/api/v1/line-tests?status=needs_human", **self.auth).json():
            ran = clock.now() - started(test)
            checks = {
                int(level): check
                for level, check in (test["last_check"] or {}).items()
                if int(level) not in (test["dropped_levels"] or [])
            }
            actions = {
                level: judged((check.get("advice") or {}).get("action"), check, ran)
                for level, check in checks.items()
            }
            good = [level for level, action in actions.items() if action == "promote"]
            if not good and (not actions or None in actions.values()):
                continue
            body = {"reason": "operator read the handed-over evidence"}
            if good:
                body["level"] = min(good, key=lambda level: fall(checks[level]))
            self.http.post(
                f"/api/v1/line-tests/{test['id']}/{'promote' if good else 'abort'}",
                data=json.dumps(body),
                content_type="application/json",
                **self.auth,
            )

    def ship_tools(self, results: dict[str, str]) -> None:
        tasks = self.http.get("/api/v1/board/tasks?status=backlog", **self.auth).json()
        for task in tasks.get("results", tasks if isinstance(tasks, list) else []):
            tool = next((t for t in results if t in task["title"]), None)
            if tool:
                for change in ({"status": "running"}, {"status": "done", "result": results[tool]}):
                    response = self.http.patch(
                        f"/api/v1/board/tasks/{task['id']}",
                        data=json.dumps(change),
                        content_type="application/json",
                        **self.auth,
                    )
                    assert response.status_code == 200, response.content[:300]


def fall(check: dict) -> float:
    """The change of the signal a check judged on (candidate − champion: negative is better)."""
    judged_on = (check.get("judged_on") or ["targets"])[0]
    return (check.get("intervals") or {}).get(judged_on, [0])[0]


def operator_for(seed: int, lines: bool = False):
    """An HTTP client and the scripted operator, holding a staff user's API token (`lines`: it
    decides line tests handed over too)."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from fleet.services import token_issue

    http = Client()
    user, _ = get_user_model().objects.get_or_create(
        username=f"operator-{seed}", defaults={"is_staff": True, "is_superuser": True}
    )
    return http, Operator(http, token_issue(user=user, label="bench")[1], lines)


def make_fleets(chosen: dict, seed: int) -> dict:
    """Each fleet's template (with its improver, first woken a week in) and agents' tokens, made
    the day before the first."""
    import time_machine

    from fleet.services import agent_create
    from fleet.templates import template_upsert
    from fleet.templates_yaml import TemplateSpec
    from improver.services.improvers import improver_create

    fleets = {}
    with time_machine.travel(START - timedelta(days=1), tick=False):  # agents exist before any canary
        for name, spec in chosen.items():
            slug = f"{re.sub(r'[^a-z0-9]+', '-', name)}-{seed}"
            base = f"You are a {name.replace('_', ' ')} agent.\nWork carefully.\n"
            template, _ = template_upsert(
                spec=TemplateSpec(slug=slug, name=name, kind="task_agent", description="", directives=base)
            )
            tokens = [agent_create(name=f"{slug}-{i}", template_slug=slug)[1] for i in range(spec["agents"])]
            improver_create(template=template, wake_at=START + timedelta(days=7))
            if "noise" in spec:
                spec = spec | {"marks": one_off_marks(spec, name)}
            fleets[name] = {"spec": spec, "slug": slug, "agents": tokens, "base": f"# Directives\n{base}"}
    return fleets


def new_row(spec: dict) -> dict:
    """A week's counts of one fleet: per side, sessions and failures of each kind; what was served."""
    sides = {side: dict.fromkeys((*kinds_of(spec), "sessions"), 0) for side in ("learning", "baseline")}
    return sides | {"chars": 0, "one_off_served": "", "contrary_served": False}


def read(http, token: str, row: dict, spec: dict, sid: str | None = None) -> str:
    """The prompt block an agent's read is served (naming the session `sid`, if any), noting in
    the week's `row` its size and whether it carried a one-off or a line with its contrary."""
    query = f"?session_id={sid}" if sid else ""
    reply = http.get(f"/api/v1/agents/me/directives{query}", HTTP_AUTHORIZATION=f"Bearer {token}").json()
    prompt = reply["prompt_block"]
    row["chars"] = max(row["chars"], len(prompt))
    row["one_off_served"] = row["one_off_served"] or one_off_served(prompt, spec)
    if "contrary" in spec:
        both = carries(prompt, "remedy", spec) and carries(prompt, "contrary", spec)
        row["contrary_served"] |= both
    return prompt


def work_day(http, fleet: dict, row: dict, rngs, week: int, day: int, sessions: bool) -> None:
    """A day's sessions of one fleet, learning and never learning, each agent's sent as one batch:
    each agent reads its directives once for the day, or (`sessions`) once per session, naming it."""
    rng, base_rng = rngs
    spec, at_day = fleet["spec"], START + timedelta(days=7 * (week - 1) + day)
    for a, token in enumerate(fleet["agents"]):
        prompt = None if sessions else read(http, token, row, spec)
        batch = []
        for s in range(spec["week"][day]):
            sid = f"{fleet['slug']}-w{week}d{day}a{a}s{s}"
            if sessions:
                prompt = read(http, token, row, spec, sid)
            at = at_day + timedelta(hours=9 + s)
            sessionless = a < spec.get("sessionless", 0)
            events, failed = session(rng, spec, prompt, sid, at, week, sessionless)
            _, base = session(base_rng, spec, fleet["base"], sid, at, week)
            batch += events
            for side, outcome in (("learning", failed), ("baseline", base)):
                row[side]["sessions"] += 1
                for kind, hit in outcome.items():
                    row[side][kind] += hit
        if batch:
            response = http.post(
                "/api/v1/ingest",
                data=json.dumps({"batch": batch}),
                content_type="application/json",
                HTTP_AUTHORIZATION=f"Bearer {token}",
            )
            assert response.status_code == 207, response.content[:300]


def run(seed: int, weeks: int, chosen: dict = FLEETS, sessions: bool = False) -> dict:
    """`weeks` of the `chosen` fleets: per fleet, week and side, sessions and failures by kind and
    what was served; every rollout and line test of each fleet."""
    import time_machine

    from improver.services.improvers import wake_due_improvers
    from improver.services.lifecycle import check as rollouts_check
    from telemetry.derived import derive_pending

    http, operator = operator_for(seed, lines=sessions)
    shipped = {spec["tool_gap"][0]: spec["tool_gap"][2] for spec in chosen.values()}
    rngs = random.Random(seed), random.Random(seed)
    fleets = make_fleets(chosen, seed)
    table = {name: {} for name in chosen}
    for week in range(1, weeks + 1):
        for name, fleet in fleets.items():
            table[name][week] = new_row(fleet["spec"])
        for day in range(7):
            at_day = START + timedelta(days=7 * (week - 1) + day)
            with time_machine.travel(at_day, tick=False):
                rollouts_check()  # the beat entry (every 10 minutes in service): twice a day here
                operator.decide_handed_over()
            with time_machine.travel(at_day + timedelta(hours=8), tick=False):
                for name, fleet in fleets.items():
                    work_day(http, fleet, table[name][week], rngs, week, day, sessions)
                derive_pending(max_batches=1000)
            with time_machine.travel(at_day + timedelta(hours=23), tick=False):
                rollouts_check()
                operator.decide_handed_over()
                operator.approve_all("new_tool")
                operator.ship_tools(shipped)
        with time_machine.travel(START + timedelta(days=7 * week), tick=False):
            wake_due_improvers(now=START + timedelta(days=7 * week))
            operator.approve_all("template_evolution")
    return {
        "table": table,
        "rollouts": {name: rollouts_of(f["slug"], chosen[name]) for name, f in fleets.items()},
        "line_tests": {name: line_tests_of(f["slug"], chosen[name]) for name, f in fleets.items()},
    }


def rollouts_of(slug: str, spec: dict) -> list[dict]:
    """Every rollout of the template, in order: what it tested and its decision (harmful when a
    line it adds carries the harmful shortcut, in any of the words a served line carries it in)."""
    from experiments.models import Rollout

    return [
        {
            "version": r.candidate.number,
            "status": r.status,
            "harmful": any(
                carries(a["text"], "harm", spec) for a in (r.proposal.payload.get("additions") or [])
            ),
            "lines": [a["text"][:60] for a in (r.proposal.payload.get("additions") or [])]
            + [
                f"removes '{x['text'][:50]}' ({x['reason'][:70]})"
                for x in r.proposal.payload.get("removals") or []
            ],
            "targets": r.targets,
            "days": (r.decided_at - r.started_at).total_seconds() / 86400 if r.decided_at else None,
            "canary": len(r.canary_agents),
            "started_week": (r.started_at - START).days // 7 + 1,
            "reason": r.reason,
            "by": r.decided_by,
        }
        for r in Rollout.objects.filter(template__slug=slug)
        .select_related("proposal", "candidate")
        .order_by("started_at")
    ]


def level_words(level: dict) -> str:
    if level.get("fact"):
        return f"fact '{level.get('text', '')[:70]}'"
    added = [f"add '{text[:70]}'" for text in level.get("add") or []]
    return "; ".join(added + [f"remove '{text[:50]}'" for text in level.get("remove") or []])


def line_tests_of(slug: str, spec: dict) -> list[dict]:
    """Every line test of the template, in order: its line (or exclusive lines, or learned fact),
    whether it is harmful (as `rollouts_of` reads it), and its decision. A harmful line counts as
    rolled back once each level carrying it is (the test may go on with its other levels), as of
    the first check that did."""
    from experiments.models import LineFactor

    tests = []
    for f in LineFactor.objects.filter(template__slug=slug).order_by("started_at", "pk"):
        harmful = [
            n
            for n, level in enumerate(f.levels, 1)
            if carries(" ".join(level.get("add") or []), "harm", spec)
        ]
        dropped = bool(harmful) and set(harmful) <= set(f.dropped_levels or [])
        decided = f.decided_at
        if dropped and decided is None:
            decided = next(
                (
                    datetime.fromisoformat(point["at"])
                    for point in f.history
                    if any(point["levels"].get(str(n), {}).get("action") == "roll_back" for n in harmful)
                ),
                None,
            )
        tests.append(
            {
                "id": f.pk,
                "status": "rolled_back" if dropped else f.status,
                "harmful": bool(harmful),
                "lines": " | or ".join(level_words(level) for level in f.levels),
                "promoted_level": f.promoted_level,
                "targets": sorted({t for level in f.levels for t in level.get("targets") or []}),
                "days": (decided - f.started_at).total_seconds() / 86400 if decided else None,
                "started_week": (f.started_at - START).days // 7 + 1,
                "reason": f.reason,
                "by": f.decided_by,
            }
        )
    return tests


def rate(row: dict, side: str, kinds) -> float:
    n = row[side]["sessions"]
    return sum(row[side][k] for k in kinds) / n if n else 0.0


def report(outcome: dict, weeks: int, chosen: dict = FLEETS, *, judge: bool = True) -> bool:
    """Prints each fleet's figures and, with `judge`, its targets (PASS or FAIL); whether all
    were met."""
    table, ok = outcome["table"], True
    for name, spec in chosen.items():
        rows = table[name]
        per_week = sum(spec["week"])
        print(f"\n== {name}: {spec['agents']} agents, {per_week} sessions a week each", end="")
        print(f"; harm shows in {spec['harm'][2]}")
        print("share of sessions with each failure ('all': failures per session over every kind; 'harm': the")
        print("harmful line's failures, only ever with it served), learning vs the same fleet never learning")
        print(f"{'kind':<10} | {'week 1':>7} | {f'week {weeks}':>7} | {'no learning':>11} | drop")
        for kind in (*kinds_of(spec), "all"):
            kinds = kinds_of(spec) if kind == "all" else (kind,)
            first, last = rate(rows[1], "learning", kinds), rate(rows[weeks], "learning", kinds)
            base = rate(rows[weeks], "baseline", kinds)
            drop = f"{1 - last / base:+.0%}" if base else "—"
            print(f"{kind:<10} | {first:7.1%} | {last:7.1%} | {base:11.1%} | {drop}")
        for kind in kinds_of(spec)[len(KINDS) :]:
            print(f"  {kind}: '{problem(spec, kind)[1]}' helps")
        print(
            "prompt block (largest served, characters) by week: "
            + ", ".join(str(r["chars"]) for r in rows.values())
        )
        for r in outcome["rollouts"][name]:
            took = f"after {r['days']:.1f} days by {r['by']}" if r["days"] is not None else "undecided"
            print(
                f"  v{r['version']} ({'HARMFUL' if r['harmful'] else 'helpful'}, canary {r['canary']}, "
                f"targets {', '.join(r['targets'])}): {r['status']} {took}: {'; '.join(r['lines'])}"
            )
            if r["reason"]:
                print(f"      {r['reason'][:160]}")
        for r in outcome["line_tests"][name]:
            took = f"after {r['days']:.1f} days by {r['by']}" if r["days"] is not None else "undecided"
            exclusive = r["promoted_level"] and " | or " in r["lines"]
            level = f" (level {r['promoted_level']})" if exclusive else ""
            print(
                f"  line test {r['id']} ({'HARMFUL' if r['harmful'] else 'helpful'}, from week "
                f"{r['started_week']}, targets {', '.join(r['targets'])}): {r['status']}{level} {took}: "
                f"{r['lines']}"
            )
            if r["reason"]:
                print(f"      {r['reason'][:160]}")
    if not judge:
        return True
    print("\ntargets:")
    for name, spec in chosen.items():
        for check, passed in checks(outcome, name, spec, weeks).items():
            ok &= bool(passed)
            print(f"  {name:<9} {'PASS' if passed else 'FAIL'}  {check}")
    return ok


def checks(outcome: dict, name: str, spec: dict, weeks: int) -> dict[str, bool]:
    """The fleet's targets, each worded with what was measured: whether it was met."""
    rows, last = outcome["table"][name], outcome["table"][name][weeks]

    def drops(kinds) -> dict[str, float]:
        return {
            k: 1 - rate(last, "learning", (k,)) / rate(last, "baseline", (k,))
            for k in kinds
            if rate(last, "baseline", (k,))
        }

    learnable, problems = drops(LEARNABLE), drops(kinds_of(spec)[len(KINDS) :])
    all_drop = 1 - rate(last, "learning", kinds_of(spec)) / rate(last, "baseline", kinds_of(spec))
    tests = outcome["rollouts"][name] + outcome["line_tests"][name]
    harmful = [r for r in tests if r["harmful"]]
    none = "" if harmful else " (none proposed: nothing harmful to roll back)"
    largest = max(r["chars"] for r in rows.values())
    halving = [r for r in tests if not r["harmful"]]
    what = "rollouts and line tests" if outcome["line_tests"][name] else "rollouts"
    one_off = next((r["one_off_served"] for r in rows.values() if r["one_off_served"]), "")
    served = f" (served: '{one_off[:80]}')" if one_off else ""
    found = {
        f"week {weeks}: every failure kind down >= 50% ({min(learnable.values()):+.0%} the least)": all(
            d >= 0.5 for d in learnable.values()
        ),
        f"week {weeks}: all failures down >= 60% ({all_drop:.0%})": all_drop >= 0.6,
        "harmful evolution rolled back by the system within 7 days (those started a week before the "
        f"end){none}": all(
            r["status"] == "rolled_back" and r["days"] <= 7 for r in harmful if r["started_week"] < weeks
        ),
        "harmful evolution never promoted": not any(r["status"] == "promoted" for r in harmful),
        f"helpful {what} decided within 7 days, by the system or, handed over, by the operator "
        "(those started a week before the end)": bool(halving)
        and all(r["days"] is not None and r["days"] <= 7 for r in halving if r["started_week"] < weeks),
        f"prompt block under 2,000 characters every week (max {largest})": largest < 2000,
        f"no one-off correction ever served{served}": not one_off,
        "a line and its contrary never served together": not any(r["contrary_served"] for r in rows.values()),
    }
    if problems:
        least = min(problems, key=problems.get)
        found[
            f"week {weeks}: each further problem down >= 50% ({problems[least]:+.0%} the least, {least})"
        ] = all(d >= 0.5 for d in problems.values())
    return found


def main() -> None:
    from bench import efficacy_handoffs

    handing = dict(efficacy_handoffs.FLEETS)
    try:
        from bench.efficacy_fleets import FLEETS as held_out
    except ImportError:
        held_out = {}
    handing |= held_out
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--weeks", type=int, default=6)
    parser.add_argument(
        "--fleet",
        "--fleets",
        dest="fleet",
        choices=(
            "all",
            "templates",
            "heldout",
            "outsider",
            "third",
            "fourth",
            "fifth",
            "sixth",
            "seventh",
            "eighth",
            "ninth",
            "tenth",
            "eleventh",
            "twelfth",
            "thirteenth",
            "fourteenth",
            "fifteenth",
            "sixteenth",
            "seventeenth",
            "seventeenth_read",
            "eighteenth",
            "eighteenth_read",
            "nineteenth",
            "nineteenth_read",
            "twentieth",
            "twentieth_read",
            "twentyfirst",
            "twentysecond",
            "twentythird",
            "twentyfourth",
            "twentyfifth",
            "twentysixth",
            "twentyseventh",
            "twentyeighth",
            "twentyninth",
            "thirtieth",
            "handoffs",
            *handing,
        ),
        default="all",
        help="templates: the four one-template fleets; heldout: the one-template fleets of "
        "bench/heldout_fleets.py instead (alone); outsider, third, fourth: those of "
        "bench/outsider_fleets.py, bench/third_fleets.py and bench/fourth_fleets.py, further sets written "
        "without seeing the code (fifth to thirtieth likewise); handoffs: every "
        "fleet of two templates",
    )
    parser.add_argument(
        "--sessions",
        action="store_true",
        help="each session of the one-template fleets reads its directives naming itself (its lines "
        "are tested one by one); the operator decides line tests handed over too",
    )
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="the travel fleet for two weeks, its targets not judged (with --fleets templates or "
        "heldout: the smallest of those fleets instead)",
    )
    args = parser.parse_args()
    db = Path(tempfile.mkdtemp()) / "efficacy.sqlite3"
    setup_django(str(db))
    passed, weeks = True, 2 if args.smoke else args.weeks
    written = {
        "heldout": held_out_fleets,
        "outsider": outsider_fleets,
        "third": third_fleets,
        "fourth": fourth_fleets,
        "fifth": fifth_fleets,
        "sixth": sixth_fleets,
        "seventh": seventh_fleets,
        "eighth": eighth_fleets,
        "ninth": ninth_fleets,
        "tenth": tenth_fleets,
        "eleventh": eleventh_fleets,
        "twelfth": twelfth_fleets,
        "thirteenth": thirteenth_fleets,
        "fourteenth": fourteenth_fleets,
        "fifteenth": fifteenth_fleets,
        "sixteenth": sixteenth_fleets,
        "seventeenth": seventeenth_fleets,
        "seventeenth_read": seventeenth_read_fleets,
        "eighteenth": eighteenth_fleets,
        "eighteenth_read": eighteenth_read_fleets,
        "nineteenth": nineteenth_fleets,
        "nineteenth_read": nineteenth_read_fleets,
        "twentieth": twentieth_fleets,
        "twentieth_read": twentieth_read_fleets,
        "twentyfirst": twentyfirst_fleets,
        "twentysecond": twentysecond_fleets,
        "twentythird": twentythird_fleets,
        "twentyfourth": twentyfourth_fleets,
        "twentyfifth": twentyfifth_fleets,
        "twentysixth": twentysixth_fleets,
        "twentyseventh": twentyseventh_fleets,
        "twentyeighth": twentyeighth_fleets,
        "twentyninth": twentyninth_fleets,
        "thirtieth": thirtieth_fleets,
    }
    one = FLEETS if args.fleet in ("all", "templates") else {}
    one = written[args.fleet]() if args.fleet in written else one
    if args.smoke:
        one = smallest(one) if args.fleet == "templates" or args.fleet in written else {}
        chosen = [] if one else ["travel"]
    else:
        chosen = [n for n in handing if args.fleet in ("all", "handoffs", n)]
    if one:
        outcome = run(args.seed, weeks, one, args.sessions)
        passed = report(outcome, weeks, one, judge=not args.smoke)
    for name in chosen:
        operated = operator_for(args.seed, lines=args.sessions)
        outcome = efficacy_handoffs.run(*operated, handing[name], args.seed, weeks, START)
        passed &= efficacy_handoffs.report(name, outcome, weeks, judge=not args.smoke)
    print("\nevery target met" if passed else "\nsome targets missed")


def held_out_fleets() -> dict:
    """The one-template fleets someone else wrote for this benchmark (bench/heldout_fleets.py)."""
    from bench.heldout_fleets import HELDOUT

    return HELDOUT


def outsider_fleets() -> dict:
    """A second set of one-template fleets, written by someone who never saw the code
    (bench/outsider_fleets.py): a test set, never tuned on."""
    from bench.outsider_fleets import OUTSIDER

    return OUTSIDER


def third_fleets() -> dict:
    """A third set, written likewise after the second was first measured (bench/third_fleets.py)."""
    from bench.third_fleets import THIRD

    return THIRD


def fourth_fleets() -> dict:
    """A fourth set, written by someone who never saw the code nor the other sets' results, in
    domains none of the others covers (bench/fourth_fleets.py): measured first, then read where
    it showed what the readers miss (its contrary pairs, the library's and the air-cargo desk's
    sentences), so it is no longer clean."""
    from bench.fourth_fleets import FOURTH

    return FOURTH


def fifth_fleets() -> dict:
    """A development set, written like the fourth by someone who never saw the code, after the
    fourth was first measured (bench/fifth_fleets.py): read freely to find what the readers miss."""
    from bench.fifth_fleets import FIFTH

    return FIFTH


def sixth_fleets() -> dict:
    """A set written like the fourth by someone who never saw the code, once the fourth's contrary
    pairs had been read (bench/sixth_fleets.py): the test set until the seventh was written, read
    since."""
    from bench.sixth_fleets import SIXTH

    return SIXTH


def seventh_fleets() -> dict:
    """A third test set, written like the sixth by someone who never saw the code, once the sixth's
    aggregates had guided work (bench/seventh_fleets.py): measured, never read to tune. Its
    sentences were once seen whole, so the tenth has taken its place as the clean test set."""
    from bench.seventh_fleets import SEVENTH

    return SEVENTH


def eighth_fleets() -> dict:
    """A development set, written like the seventh by someone who never saw the code, once the
    seventh was first measured (bench/eighth_fleets.py): read freely to find what the readers miss."""
    from bench.eighth_fleets import EIGHTH

    return EIGHTH


def ninth_fleets() -> dict:
    """A development set, written like the others by someone who never saw the code, once the
    eighth had been read (bench/ninth_fleets.py): read freely to find what the readers miss."""
    from bench.ninth_fleets import NINTH

    return NINTH


def tenth_fleets() -> dict:
    """A set written like the others by someone who never saw the code, with the ninth
    (bench/tenth_fleets.py): the clean test set until the eleventh was written, read since."""
    from bench.tenth_fleets import TENTH

    return TENTH


def eleventh_fleets() -> dict:
    """A set written like the others by someone who never saw the code, once the tenth had been
    measured (bench/eleventh_fleets.py): the clean test set until the twelfth was written, read
    since."""
    from bench.eleventh_fleets import ELEVENTH

    return ELEVENTH


def twelfth_fleets() -> dict:
    """The clean test set, written like the others by someone who never saw the code, once the
    eleventh had been measured (bench/twelfth_fleets.py): measured, never read to tune."""
    from bench.twelfth_fleets import TWELFTH

    return TWELFTH


def thirteenth_fleets() -> dict:
    """A second clean test set, written like the others by someone who never saw the code, once
    the twelfth had been measured in two sessions (bench/thirteenth_fleets.py): four fleets of
    3 to 8 agents, never read to tune."""
    from bench.thirteenth_fleets import THIRTEENTH

    return THIRTEENTH


def fourteenth_fleets() -> dict:
    """A third clean test set, written like the others by someone who never saw the code, once
    the thirteenth had been measured in two sessions (bench/fourteenth_fleets.py): four fleets of
    4 to 6 agents, measured, then diagnosed (some of its lines were read while failures were
    traced)."""
    from bench.fourteenth_fleets import FOURTEENTH

    return FOURTEENTH


def fifteenth_fleets() -> dict:
    """A fourth clean test set, written like the others by someone who never saw the code, once
    the fourteenth had been measured and its failures diagnosed (bench/fifteenth_fleets.py): four
    fleets, problems that share an area of the business, never read to tune (a few of its
    sentences have since been seen)."""
    from bench.fifteenth_fleets import FIFTEENTH

    return FIFTEENTH


def sixteenth_fleets() -> dict:
    """A fifth clean test set, written like the others by someone who never saw the code, once the
    fifteenth had been measured (bench/sixteenth_fleets.py): four fleets of 4 to 6 agents, never
    read to tune."""
    from bench.sixteenth_fleets import SIXTEENTH

    return SIXTEENTH


def seventeenth_fleets() -> dict:
    """A sixth clean test set, written like the others by someone who never saw the code, once the
    sixteenth had been measured for a session (bench/seventeenth_fleets.py): four fleets of 4 to 6
    agents, never read to tune."""
    from bench.seventeenth_fleets import SEVENTEENTH

    return SEVENTEENTH


def seventeenth_read_fleets() -> dict:
    """A development set written beside the seventeenth by another helper who never saw the code
    (bench/seventeenth_read_fleets.py), in domains some development tables share: read to tune."""
    from bench.seventeenth_read_fleets import SEVENTEENTH_READ

    return SEVENTEENTH_READ


def eighteenth_fleets() -> dict:
    """A seventh clean test set, written like the others by someone who never saw the code, once the
    seventeenth had been measured for two sessions (bench/eighteenth_fleets.py): four fleets of 3 to
    6 agents, the clean test set for two sessions, read since the nineteenth was written."""
    from bench.eighteenth_fleets import EIGHTEENTH

    return EIGHTEENTH


def eighteenth_read_fleets() -> dict:
    """A development set written beside the eighteenth by another helper who never saw the code
    (bench/eighteenth_read_fleets.py): read to tune."""
    from bench.eighteenth_read_fleets import EIGHTEENTH_READ

    return EIGHTEENTH_READ


def nineteenth_fleets() -> dict:
    """An eighth clean test set, written like the others by someone who never saw the code, once the
    eighteenth had been measured for two sessions (bench/nineteenth_fleets.py): four fleets of 3 to
    6 agents, the clean test set for a session, read since the twentieth was written."""
    from bench.nineteenth_fleets import NINETEENTH

    return NINETEENTH


def nineteenth_read_fleets() -> dict:
    """A development set written beside the nineteenth by another helper who never saw the code
    (bench/nineteenth_read_fleets.py): read to tune."""
    from bench.nineteenth_read_fleets import NINETEENTH_READ

    return NINETEENTH_READ


def twentieth_fleets() -> dict:
    """A ninth clean test set, written like the others by two helpers who never saw the code, once
    the nineteenth had been measured for a session (bench/twentieth_fleets.py): four fleets of 4 to
    5 agents, the clean test set until the twenty-first was written, read since."""
    from bench.twentieth_fleets import TWENTIETH

    return TWENTIETH


def twentieth_read_fleets() -> dict:
    """A development set written beside the twentieth by two other helpers who never saw the code
    (bench/twentieth_read_fleets.py): read to tune."""
    from bench.twentieth_read_fleets import TWENTIETH_READ

    return TWENTIETH_READ


def twentyfirst_fleets() -> dict:
    """A tenth clean test set, written like the others by two helpers who never saw the code, once
    the twentieth had been measured for two sessions (bench/twentyfirst_fleets.py): four fleets of 3
    to 6 agents, only ever measured."""
    from bench.twentyfirst_fleets import TWENTYFIRST

    return TWENTYFIRST


def twentysecond_fleets() -> dict:
    """An eleventh clean test set, written like the others by a helper who never saw the code, once
    the twenty-first had been measured for a session (bench/twentysecond_fleets.py): four fleets of
    3 to 6 agents, only ever measured."""
    from bench.twentysecond_fleets import TWENTYSECOND

    return TWENTYSECOND


def twentythird_fleets() -> dict:
    """A twelfth clean test set, written like the others by a helper who never saw the code, once
    the twenty-second had been measured for two sessions (bench/twentythird_fleets.py): four fleets
    of 3 to 6 agents, measured for two sessions, then read while tuning."""
    from bench.twentythird_fleets import TWENTYTHIRD

    return TWENTYTHIRD


def twentyfourth_fleets() -> dict:
    """A thirteenth clean test set, written like the others by a helper who never saw the code, once
    the twenty-third had been measured for two sessions (bench/twentyfourth_fleets.py): four fleets
    of 3 to 8 agents, measured for a session, then read while tuning."""
    from bench.twentyfourth_fleets import TWENTYFOURTH

    return TWENTYFOURTH


def twentyfifth_fleets() -> dict:
    """A fourteenth clean test set, written like the others by a helper who never saw the code, once
    the twenty-fourth had been measured for two sessions (bench/twentyfifth_fleets.py): four fleets
    of 2 to 9 agents, measured, then read while tuning."""
    from bench.twentyfifth_fleets import TWENTYFIFTH

    return TWENTYFIFTH


def twentysixth_fleets() -> dict:
    """A fifteenth test set, written like the others by a helper who never saw the code, once the
    twenty-fifth had been measured (bench/twentysixth_fleets.py): four fleets of 2 to 8 agents,
    measured for two sessions, then read while tuning."""
    from bench.twentysixth_fleets import TWENTYSIXTH

    return TWENTYSIXTH


def twentyseventh_fleets() -> dict:
    """A sixteenth test set, written like the others by a helper who never saw the code, beside the
    twenty-sixth (bench/twentyseventh_fleets.py): four fleets of 2 to 8 agents, measured for a
    session, then read while tuning."""
    from bench.twentyseventh_fleets import TWENTYSEVENTH

    return TWENTYSEVENTH


def twentyeighth_fleets() -> dict:
    """A seventeenth clean test set, written like the others by a helper who never saw the code,
    once the twenty-seventh had been measured (bench/twentyeighth_fleets.py): four fleets of 2 to 8
    agents, only ever measured."""
    from bench.twentyeighth_fleets import TWENTYEIGHTH

    return TWENTYEIGHTH


def twentyninth_fleets() -> dict:
    """An eighteenth clean test set, written like the others by a helper who never saw the code,
    once the twenty-eighth had been measured (bench/twentyninth_fleets.py): four fleets of 2 to 7
    agents, measured for a session, then read."""
    from bench.twentyninth_fleets import TWENTYNINTH

    return TWENTYNINTH


def thirtieth_fleets() -> dict:
    """A nineteenth clean test set, written like the others by a helper who never saw the code,
    once the twenty-ninth had been measured (bench/thirtieth_fleets.py): four fleets of 2 to 8
    agents, only ever measured."""
    from bench.thirtieth_fleets import THIRTIETH

    return THIRTIETH


def smallest(fleets: dict) -> dict:
    """The fleet of `fleets` with the fewest sessions a week."""
    name = min(fleets, key=lambda n: fleets[n]["agents"] * sum(fleets[n]["week"]))
    return {name: fleets[name]}


if __name__ == "__main__":
    main()
