"""The canary's decision rule applied to lines as factors, by Monte Carlo (`bench/canary_rule.py
--lines`): several lines of one template under test at once, each drawn independently for each
session (or each agent, when reads do not name their session), each decided on its own with its
own target, the few guardrails and every other signal watched.

The draws are this file's own; what it calls is what it tests: the service's decision rule
(`experiments.rule.decide`, default rules) fed one cell per agent and arm of each line — sessions
with the line against sessions without it, within each agent — once a day.

A fleet: `agents` agents whose session volumes are heavy-tailed (a Pareto weight per agent, mean
3 sessions a day), each with its own offset on the logit scale (spread 0, 0.4, 0.8), weekends
twice as hard, and a drift of up to ±0.3 over the horizon. Each line under test has its own
problem (a category of negative feedback at 10–25% of sessions, the kind every line targets);
the fleet also shows tool failures (25%), skill failures (10%), corrections (8%) and escalations
(5%). The kinds of line:

- good: its problem halves;
- neutral: nothing changes;
- harmful: its problem halves, but tool failures rise by 10 points;
- costly: nothing better, successful sessions take 30% longer (usage per success);
- longer: its problem halves, and the sessions it rescues take 30% longer than a session does;
- mixed: its problem halves for half the agents, nothing for the others;
- contrary: two lines that must never be served together (contrary lines, or a line and its
  replacement), one factor with two exclusive levels on one problem: level A halves it, level B
  doubles it.

A factor is one line, or the two levels of a contrary pair. Each session draws each factor under
test on its own: a line is served at the share; a contrary pair serves A at the share, B at the
share, and neither to the rest — each level at most a third, so that the sessions without either
are never fewer than a level's (at a share of one half: a third each). Each level is compared
with the sessions that got no level of its factor, and decided on its own. A level rolled back is
no longer served (its sessions get neither, the other level keeps its share); a level promoted is
served to everyone from then on, and the factor's other level ends with it. A level handed over to
a human keeps being tested, as the service does, until it is decided or the horizon ends.

The grid: templates of 3, 8, 20 and 50 agents (`--sizes`), agent spread 0, 0.4 and 0.8
(`--spreads`), a share of one half or one fifth per line (`--shares`), 1 to 8 lines under test at
once (one count after another, the kinds drawn equally likely). Fleets of 8 agents or more are
followed for the rules' 14 days, smaller ones for 28. Printed per cell and level: promoted and
rolled back (by the rule), handed over (at any time), what the recommendation said when it was
handed over (promote, abort: roll back), promoted within 14 and 28 days, the median day of the
decisions; then the targets beside their figures with PASS or FAIL, the figures by how many
lines were under test at once, and the commonest reasons of the recommendations the targets count
against (a neutral line's abort, a harmful line's promote, a better line's wait or abort). The
targets:

- in every cell: neutral lines promoted ≤ 5% and rolled back ≤ 5%; harmful, costly and contrary
  B levels promoted ≤ 5%; longer-but-better lines rolled back ≤ 5%;
- over every hand-over of the grid: the recommendation says promote for ≤ 5% of harmful, costly
  and contrary B levels and ≥ 80% of the better ones (good, longer, mixed, contrary A), and roll
  back for ≤ 10% of neutral lines;
- good lines promoted within 14 days ≥ 80% at 8 agents, within 28 days ≥ 80% at 3 agents (at
  each spread and share).

A figure that misses a per-cell target is marked with * in its cell's row. Exits 1 when a target
is missed (a smoke run judges none).
"""

import math
import random
import re
from collections import Counter
from datetime import timedelta
from typing import NamedTuple

GENERIC = {"tool_failure": 0.25, "skill_failure": 0.10, "correction": 0.08, "escalation": 0.05}
KINDS = ("good", "neutral", "harmful", "costly", "longer", "mixed", "contrary")
LEVELS = {kind: (kind,) for kind in KINDS} | {"contrary": ("contrary A", "contrary B")}
ALL_LEVELS = tuple(level for kind in KINDS for level in LEVELS[kind])
BETTER = ("good", "longer", "mixed", "contrary A")  # better on their target, on the whole
HARMFUL = ("harmful", "costly", "contrary B")  # worse than what is served, on the whole
HALVES = ("good", "harmful", "longer", "contrary A")  # the level halves its problem for everyone
MISSING: Counter = Counter()  # why hand-overs were not decided, by level
REASONS: Counter = Counter()  # (level, recommendation, its reason in short) at each first hand-over
# (agents, level) → at each first hand-over of a good or harmful line, the z (estimate over its
# standard error) of tool failures, the one signal by which a harmful line differs from a good one
ORACLE: dict = {}


class Fate(NamedTuple):
    """What became of one level under test."""

    level: str  # its name: a kind of line, or "contrary A" or "contrary B"
    action: str  # promote, roll_back, hand_over (handed over, undecided by the last day),
    # continue (undecided, never handed over), ended (the factor's other level was promoted)
    day: int  # of the decision, or the last day
    advice: str | None  # the recommendation at its hand-over (promote, abort, wait), None: never handed
    latest: str | None  # ... on the last day, or what the rule did after the hand-over
    lines: int  # lines of its template under test at once


def expit(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def logit(p: float) -> float:
    return math.log(p / (1 - p))


class LineFleet:
    """One simulated fleet and its factors under test."""

    def __init__(self, rng: random.Random, agents: int, spread: float, kinds: list[str], days: int):
        self.rng, self.days, self.kinds = rng, days, kinds
        self.offset = [rng.gauss(0, spread) for _ in range(agents)]
        weights = [rng.paretovariate(1.5) for _ in range(agents)]
        mean = sum(weights) / agents
        self.volume = [3 * w / mean for w in weights]
        self.pace = [math.exp(rng.gauss(0, 0.3)) for _ in range(agents)]
        self.weekday = rng.randrange(7)
        self.drift = rng.uniform(-0.3, 0.3)
        self.base = [rng.uniform(0.10, 0.25) for _ in kinds]
        self.helped = [set(rng.sample(range(agents), max(1, agents // 2))) for _ in kinds]

    def sessions_today(self, agent: int) -> int:
        lam, k, p = self.volume[agent], 0, math.exp(-self.volume[agent])
        u, s = self.rng.random(), p
        while u > s and k < 200:  # Poisson(lam) by inversion
            k += 1
            p *= lam / k
            s += p
        return k

    def session(self, agent: int, day: int, served: dict[int, str]) -> dict:
        """One session's signals and duration with `served` (factor → the level it got)."""
        rng = self.rng
        shift = self.offset[agent] + (math.log(2) if (self.weekday + day) % 7 >= 5 else 0.0)
        shift += self.drift * day / self.days
        shown, rescued = {}, False
        for f in range(len(self.kinds)):
            p, u, level = expit(logit(self.base[f]) + shift), rng.random(), served.get(f)
            halved = level in HALVES or (level == "mixed" and agent in self.helped[f])
            rate = p / 2 if halved else min(1.0, 2 * p) if level == "contrary B" else p
            shown[f"problem{f}"] = u < rate
            rescued |= level == "longer" and rate <= u < p
        levels = list(served.values())
        harm = 0.10 * levels.count("harmful")  # each harmful line adds its 10 points
        for signal, base in GENERIC.items():
            p = expit(logit(base) + shift)
            shown[signal] = rng.random() < (min(1.0, p + harm) if signal == "tool_failure" else p)
        failed = any(shown.values())
        duration = self.pace[agent] * math.exp(rng.gauss(0, 0.5)) * (0.6 if failed else 1.0)
        duration *= 1.3 ** levels.count("costly")
        if rescued and not failed:
            duration *= 1.3 / 0.6
        return {"signals": shown, "failed": failed, "duration": duration}


def _cells(counts: dict, agents: int, metric: str, arm: int):
    from experiments.estimate import Cell

    if metric == "duration_per_success":
        return [
            Cell(a, c["success"], c["duration"], None, _ss(c))
            for a in range(agents)
            if (c := counts[(a, arm)])["success"]
        ]
    return [Cell(a, c["n"], c[metric]) for a in range(agents) if (c := counts[(a, arm)])["n"]]


def _ss(c: dict) -> float:
    r = c["duration"] / c["success"]
    return c["duration_sq"] - 2 * r * c["duration_won"] + r * r * c["success"]


class Template:
    """One template's factors under test: who gets what, what each level's arms saw, and each
    level's fate so far."""

    def __init__(self, agents: int, mode: str, kinds: list[str], rng: random.Random, share: float):
        from experiments.rule import OTHER, OVERALL

        self.agents, self.kinds, self.rng = agents, kinds, rng
        self.whole = {a for a in range(agents) if mode == "agent" or (mode == "mixed" and a % 2)}
        # each level's share: at most 1/(levels + 1), so the sessions with none are never fewer
        self.cut = [min(share, 1 / (len(LEVELS[k]) + 1)) for k in kinds]
        # agents assigned whole draw once per factor: the level they get for the whole rollout
        self.agent_u = {(a, f): rng.random() for a in self.whole for f in range(len(kinds))}
        self.keys = [(f, j) for f, k in enumerate(kinds) for j in range(len(LEVELS[k]))]
        self.metrics = {
            f: (f"problem{f}", OTHER, OVERALL, *GENERIC, "duration_per_success") for f in range(len(kinds))
        }
        self.counts = {
            key: {(a, arm): _empty(self.metrics[key[0]]) for a in range(agents) for arm in (0, 1)}
            for key in self.keys
        }
        self.state = dict.fromkeys(self.keys)  # None: under test; else (action, day)
        self.looks = dict.fromkeys(self.keys, ())
        self.shown = dict.fromkeys(self.keys, ())
        self.handed = dict.fromkeys(self.keys)  # the recommendation at the first hand-over
        self.latest = dict.fromkeys(self.keys)  # ... at the latest check since
        self.promoted: dict[int, int] = {}  # factor → its level served to everyone

    def draw(self, agent: int) -> dict[int, int]:
        """The level of each factor one session of `agent` gets (factors it gets none of left out)."""
        served = dict(self.promoted)
        for f in range(len(self.kinds)):
            if f in served:
                continue
            u = self.agent_u[(agent, f)] if agent in self.whole else self.rng.random()
            j = int(u / self.cut[f])
            if j < len(LEVELS[self.kinds[f]]) and self.state[(f, j)] is None:
                served[f] = j
        return served

    def count(self, agent: int, served: dict[int, int], s: dict) -> None:
        for f, j in self.keys:
            if self.state[(f, j)] is None and f not in self.promoted and served.get(f, j) == j:
                _count(self.counts[(f, j)][(agent, int(f in served))], s)

    def check(self, day: int, rules) -> None:
        """Each level under test decided on its own at the end of `day` (counted from 0)."""
        from experiments.rule import decide

        for key in self.keys:
            if self.state[key] is not None:
                continue
            f, j = key
            counts = self.counts[key]
            arms = {
                m: (_cells(counts, self.agents, m, 1), _cells(counts, self.agents, m, 0))
                for m in self.metrics[f]
            }
            verdict = decide(
                arms,
                timedelta(days=day + 1),
                rules,
                targets=(f"problem{f}",),
                looks=self.looks[key],
                shown=self.shown[key],
            )
            self.looks[key] = (*self.looks[key], verdict.look) if verdict.look else self.looks[key]
            self.shown[key] = verdict.shown
            if self.handed[key] is not None or verdict.action == "hand_over":
                done = {"promote": "promote", "roll_back": "abort"}.get(verdict.action)
                self.latest[key] = done or (verdict.advice.action if verdict.advice else "wait")
            if verdict.action in ("promote", "roll_back"):
                self.state[key] = (verdict.action, day + 1)
                if verdict.action == "promote":
                    self.promoted[f] = j
                    for other in range(len(LEVELS[self.kinds[f]])):  # exclusive: the others end
                        if self.state[(f, other)] is None:
                            self.state[(f, other)] = ("ended", day + 1)
            elif verdict.action == "hand_over" and self.handed[key] is None:
                self.handed[key] = self.latest[key]
                MISSING.update(f"{LEVELS[self.kinds[f]][j]}:{m}" for m in verdict.missing)
                why = verdict.advice.why if verdict.advice else ""
                REASONS[(LEVELS[self.kinds[f]][j], self.latest[key], reason(why))] += 1
                self.witness(LEVELS[self.kinds[f]][j], arms)

    def witness(self, level: str, arms: dict) -> None:
        """Keep the z of tool failures at a good or harmful line's first hand-over (the oracle)."""
        from experiments.estimate import estimate

        if level in ("good", "harmful") and (est := estimate(*arms["tool_failure"], binary=True)):
            ORACLE.setdefault((self.agents, level), []).append(est.diff / est.se if est.se else 0.0)

    def fates(self, days: int) -> list[Fate]:
        lines = sum(len(LEVELS[k]) for k in self.kinds)
        out = []
        for key in self.keys:
            action, day = self.state[key] or ("hand_over" if self.handed[key] else "continue", days)
            level = LEVELS[self.kinds[key[0]]][key[1]]
            out.append(Fate(level, action, day, self.handed[key], self.latest[key], lines))
        return out


def reason(why: str) -> str:
    """A recommendation's reason in short: its first clause, the line's own problem named
    "target"."""
    why = re.sub(r"problem\d+", "target", why).replace(" is more likely than not worse than", " likely past")
    why = why.replace("the target is very likely better", "target very likely better")
    return re.split(r"[:;(.]| \d", why, maxsplit=1)[0].strip()


def run_lines(
    agents: int,
    spread: float,
    mode: str,
    kinds: list[str],
    rng: random.Random,
    rules,
    days: int,
    share: float,
) -> list[Fate]:
    """One template with factors of `kinds` under test for `days` days, each line at `share` of
    the sessions: what became of each level."""
    fleet = LineFleet(rng, agents, spread, kinds, days)
    template = Template(agents, mode, kinds, rng, share)
    for day in range(days):
        for a in range(agents):
            for _ in range(fleet.sessions_today(a)):
                served = template.draw(a)
                s = fleet.session(a, day, {f: LEVELS[kinds[f]][j] for f, j in served.items()})
                template.count(a, served, s)
        template.check(day, rules)
    return template.fates(days)


def _empty(metrics) -> dict:
    return dict.fromkeys((*metrics, "n", "success", "duration", "duration_sq", "duration_won"), 0.0)


def _count(cell: dict, s: dict) -> None:
    from experiments.rule import OTHER, OVERALL

    cell["n"] += 1
    for signal, shown in s["signals"].items():
        if signal in cell:
            cell[signal] += shown
    # each line's problem is a category of negative feedback, the kind of every line's target: the
    # service's "other failure" is a session with a failure of another kind
    # (experiments.metrics.other_kinds), so the other lines' problems are not in it, the generic kinds are
    cell[OTHER] += any(v for sig, v in s["signals"].items() if sig in GENERIC)
    cell[OVERALL] += s["failed"]
    if not s["failed"]:
        cell["success"] += 1
        cell["duration_won"] += s["duration"]
    cell["duration"] += s["duration"]
    cell["duration_sq"] += s["duration"] ** 2


def mixes(rng: random.Random, lines: int) -> list[str]:
    """The factors of a template with `lines` lines under test at once: every kind equally likely,
    a contrary pair counting as two lines (drawn only while two are left)."""
    kinds: list[str] = []
    left = lines
    while left:
        kind = rng.choice(KINDS if left >= 2 else KINDS[:-1])
        kinds.append(kind)
        left -= len(LEVELS[kind])
    return kinds


# The grid and its figures (`bench/canary_rule.py --lines`).
HORIZON = 14  # days a fleet is followed: the rules' own horizon
SMALL, SMALL_HORIZON = 8, 28  # a fleet under 8 agents is followed for 28 days (its lines need them)
LINES = tuple(range(1, 9))  # lines under test at once, one count after another
NEVER = 0.05  # in every cell: neutral promoted or rolled back, harmful promoted, longer rolled back
SAYS_HARMFUL, SAYS_BETTER, SAYS_NEUTRAL = 0.05, 0.8, 0.10  # what hand-overs recommend, over the grid
SOON = 0.8  # good lines promoted in time: at 8 agents within 14 days, at 3 agents within 28
# The targets held in every cell: (level, figure), at most NEVER
EVERY_CELL = (
    ("neutral", "promoted"),
    ("neutral", "rolled back"),
    *((level, "promoted") for level in HARMFUL),
    ("longer", "rolled back"),
)
# What hand-overs recommend: (level, what, at most or at least, the bound)
ADVICE = (
    *((level, "promote", "≤", SAYS_HARMFUL) for level in HARMFUL),
    *((level, "promote", "≥", SAYS_BETTER) for level in BETTER),
    ("neutral", "abort", "≤", SAYS_NEUTRAL),
)
IN_TIME = ((8, "by day 14"), (3, "by day 28"))  # good lines promoted in time: (agents, figure)


def figures(got: list[Fate]) -> dict:
    """One level's figures over its runs: shares of runs; of its hand-overs, how many recommended
    promote and abort when handed over and on the last day."""
    n = len(got)
    handed = [g for g in got if g.advice]
    decided = sorted(g.day for g in got if g.action in ("promote", "roll_back"))
    return {
        "n": n,
        "promoted": sum(g.action == "promote" for g in got) / n,
        "rolled back": sum(g.action == "roll_back" for g in got) / n,
        "handed over": len(handed) / n,
        "handed": len(handed),
        **{f"says {x}": sum(g.advice == x for g in handed) for x in ("promote", "abort")},
        **{f"last says {x}": sum(g.latest == x for g in handed) for x in ("promote", "abort")},
        "by day 14": sum(g.action == "promote" and g.day <= HORIZON for g in got) / n,
        "by day 28": sum(g.action == "promote" and g.day <= SMALL_HORIZON for g in got) / n,
        "median day": decided[len(decided) // 2] if decided else None,
    }


def misses(level: str, f: dict, agents: int) -> set[str]:
    """The figures of `level` in one cell that miss a target held in every cell."""
    out = {x for lv, x in EVERY_CELL if lv == level and f[x] > NEVER}
    return out | {x for size, x in IN_TIME if level == "good" and agents == size and f[x] < SOON}


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.0%}" if x in (0, 1) else f"{x:.1%}"


HEADER = (
    f"{'agents':>6} {'spread':>6} {'share':>5} {'level':>10} {'n':>4} | {'promoted':>7} {'rolled':>7} "
    f"{'handed':>6} | {'says':>7} {'says':>5} | {'by day':>7} {'by day':>7} {'median':>6}\n"
    f"{'':>6} {'':>6} {'':>5} {'':>10} {'':>4} | {'':>7} {'back':>7} {'over':>6} | {'promote':>7} "
    f"{'abort':>5} | {'14':>7} {'28':>7} {'day':>6}"
)


def print_cell(agents: int, spread, share: float, fates: dict, judge: bool) -> dict:
    """One cell's rows, a figure that misses its target marked with *; its figures per level."""
    out = {}
    for level in ALL_LEVELS:
        if not fates[level]:
            continue
        f = out[level] = figures(fates[level])
        missed = misses(level, f, agents) if judge else set()

        def show(x: str, f=f, missed=missed) -> str:
            return f"{_pct(f[x]):>6}{'*' if x in missed else ' '}"

        says = {
            x: f"{f[x] / f['handed']:.0%}" if f["handed"] else "-" for x in ("says promote", "says abort")
        }
        print(
            f"{agents:>6} {spread:>6} {share:>5} {level:>10} {f['n']:>4} | {show('promoted')} "
            f"{show('rolled back')} {_pct(f['handed over']):>6} | {says['says promote']:>7} "
            f"{says['says abort']:>5} | {show('by day 14')} "
            f"{show('by day 28') if agents < SMALL else '     - '} {f['median day'] or '-':>6}",
            flush=True,
        )
    return out


def run_grid(args, rules) -> tuple[dict, list]:
    """Every cell of the grid run and printed: ({(share, agents, spread, mode): {level: figures}},
    every fate of the grid)."""
    sizes = [int(s) for s in args.sizes.split(",")] if args.sizes != "4,8,20,50" else [3, 8, 20, 50]
    spreads = [float(s) for s in args.spreads.split(",")]
    shares = [float(s) for s in args.shares.split(",")]
    modes, runs = (args.modes.split(",") if args.modes != "session,mixed,agent" else ["session"]), args.runs
    if args.smoke:
        sizes, spreads, shares, modes, runs = [8], [0.4], [0.5], ["session"], 4
    rng = random.Random(args.seed)
    print(
        f"{runs} templates per cell, {LINES[0]}-{LINES[-1]} lines each (a contrary pair is two); α = "
        f"{rules.alpha}; followed {HORIZON} days, {SMALL_HORIZON} under {SMALL} agents; reads "
        f"{', '.join(modes)}; shares {', '.join(str(s) for s in shares)} per line (a contrary pair's "
        "levels at most a third each)"
    )
    print(HEADER)
    cells, everything = {}, []
    for share in shares:
        for agents in sizes:
            days = SMALL_HORIZON if agents < SMALL else HORIZON
            for spread in spreads:
                for mode in modes:
                    fates = {level: [] for level in ALL_LEVELS}
                    for r in range(runs):
                        kinds = mixes(rng, LINES[r % len(LINES)])
                        for fate in run_lines(agents, spread, mode, kinds, rng, rules, days, share):
                            fates[fate.level].append(fate)
                    label = spread if len(modes) == 1 else f"{spread}{mode[0]}"
                    cells[(share, agents, spread, mode)] = print_cell(
                        agents, label, share, fates, not args.smoke
                    )
                    everything += [fate for got in fates.values() for fate in got]
    return cells, everything


def _where(key: tuple) -> str:
    share, agents, spread, mode = key
    reads = "" if mode == "session" else f", {mode} reads"
    return f"{agents} agents, spread {spread}, share {share}{reads}"


def _every_cell_rows(cells: dict) -> list[tuple]:
    """(target, passed, measured) for the targets held in every cell: the worst cell, how many
    cells miss, and the figure over the whole grid."""
    rows = []
    for level, x in EVERY_CELL:
        seen = [(f[level][x], f[level]["n"], key) for key, f in cells.items() if level in f]
        if not seen:
            continue
        worst = max(seen, key=lambda v: v[0])
        over = sum(v > NEVER for v, _, _ in seen)
        pooled = sum(v * n for v, n, _ in seen) / sum(n for _, n, _ in seen)
        measured = f"worst {_pct(worst[0])} ({_where(worst[2])}); {over} of {len(seen)} cells over"
        measured += f"; grid {_pct(pooled)}"
        rows.append((f"{level} {x} ≤ {NEVER:.0%}, every cell", over == 0, measured))
    return rows


def _advice_rows(cells: dict) -> list[tuple]:
    """(target, passed, measured) for what hand-overs recommend, over the whole grid: when handed
    over (the target's figure), by size, and on the last day."""
    rows = []
    for level, what, sign, bound in ADVICE:
        per_size: dict[int, list[int]] = {}
        for (_, agents, _, _), f in cells.items():
            if level in f:
                got = per_size.setdefault(agents, [0, 0, 0])
                for i, x in enumerate((f"says {what}", f"last says {what}", "handed")):
                    got[i] += f[level][x]
        said, last, handed = (sum(v[i] for v in per_size.values()) for i in range(3))
        if not handed:
            continue
        share = said / handed
        sizes = ", ".join(f"{a}: {_pct(s / h) if h else '-'}" for a, (s, _, h) in sorted(per_size.items()))
        passed = share <= bound if sign == "≤" else share >= bound
        verb = "promote" if what == "promote" else "roll back"
        measured = f"{_pct(share)} of {handed} (by size {sizes}); on the last day {_pct(last / handed)}"
        rows.append((f"{level} hand-overs say {verb} {sign} {bound:.0%}", passed, measured))
    return rows


def _in_time_rows(cells: dict) -> list[tuple]:
    """(target, passed, measured) for good lines promoted in time, per share, at each spread."""
    rows = []
    for size, x in IN_TIME:
        for share in sorted({key[0] for key in cells if key[1] == size}, reverse=True):
            seen = [
                (f"{k[2]}" + ("" if k[3] == "session" else f" {k[3]} reads"), f["good"][x])
                for k, f in cells.items()
                if k[:2] == (share, size) and "good" in f
            ]
            if seen:
                measured = "by spread " + ", ".join(f"{spread}: {_pct(v)}" for spread, v in seen)
                target = f"good promoted within {x[7:]} days ≥ {SOON:.0%}, {size} agents, share {share}"
                rows.append((target, all(v >= SOON for _, v in seen), measured))
    return rows


def print_targets(cells: dict, judge: bool) -> list[str]:
    """The targets, each beside its measured figure and PASS or FAIL; the ones missed."""
    rows = [*_every_cell_rows(cells), *_advice_rows(cells), *_in_time_rows(cells)]
    print(f"\n{'target':<58} {'verdict':<7} measured")
    for target, passed, measured in rows:
        print(f"{target:<58} {('PASS' if passed else 'FAIL') if judge else '-':<7} {measured}")
    return [target for target, passed, _ in rows if judge and not passed]


# The columns of the figures by lines under test at once: (heading, levels, action, advice)
BY_LINES = (
    (("neutral", "promoted"), ("neutral",), "promote", None),
    (("neutral", "rolled back"), ("neutral",), "roll_back", None),
    (("harmful", "promoted"), ("harmful",), "promote", None),
    (("longer", "rolled back"), ("longer",), "roll_back", None),
    (("good", "promoted"), ("good",), "promote", None),
    (("harmful", "says promote"), ("harmful",), None, "promote"),
    (("better", "says promote"), BETTER, None, "promote"),
    (("neutral", "says abort"), ("neutral",), None, "abort"),
)


def print_by_lines(everything: list[Fate]) -> None:
    """Over the whole grid, by how many lines were under test at once: the figures the targets
    read (better: good, longer, mixed and contrary A; what hand-overs say, of the levels handed
    over)."""
    print(f"\n{'lines':>5} " + " ".join(f"{head[0]:>12}" for head, *_ in BY_LINES))
    print(f"{'':>5} " + " ".join(f"{head[1]:>12}" for head, *_ in BY_LINES))
    for lines in LINES:
        got = [g for g in everything if g.lines == lines]
        figures = []
        for _, levels, action, advice in BY_LINES:
            pool = [g for g in got if g.level in levels and (advice is None or g.advice)]
            hits = sum(g.action == action if advice is None else g.advice == advice for g in pool)
            figures.append(f"{_pct(hits / len(pool)) if pool else '-':>12}")
        if got:
            print(f"{lines:>5} " + " ".join(figures))


# The hand-overs whose reasons are printed: (what, levels, recommendations)
REASONED = (
    ("neutral hand-overs saying abort", ("neutral",), ("abort",)),
    ("harmful hand-overs saying promote", ("harmful",), ("promote",)),
    ("better hand-overs not saying promote", BETTER, ("abort", "wait")),
)


def print_reasons() -> None:
    """Over the whole grid, the commonest reasons of the recommendations the targets count against."""
    print()
    for what, levels, said in REASONED:
        got = Counter()
        for (level, advice, why), n in REASONS.items():
            if level in levels and advice in said:
                got[f"{advice}: {why}" if len(said) > 1 else why] += n
        total = sum(got.values())
        if total:
            common = "; ".join(f"{why} {n / total:.0%}" for why, n in got.most_common(5))
            print(f"{what} ({total}): {common}")


def print_oracle() -> None:
    """The most any recommendation could do at the first hand-over: a test told which signal a
    harmful line hurts, promoting below the 5th percentile of harmful lines' z on it (so that at
    most 5% of them are promoted), promotes this share of good lines, before it even asks whether
    their target is better (the Neyman–Pearson bound on that signal)."""
    parts = []
    for agents in sorted({a for a, _ in ORACLE}):
        harmful, good = sorted(ORACLE.get((agents, "harmful"), [])), ORACLE.get((agents, "good"), [])
        if len(harmful) >= 20 and good:
            cut = harmful[int(0.05 * len(harmful))]
            parts.append(f"{agents} agents {sum(z < cut for z in good) / len(good):.0%}")
    if parts:
        print(
            "best possible 'promote' for good lines at the first hand-over with ≤ 5% of harmful ones "
            "promoted (an oracle told which signal they hurt): " + ", ".join(parts)
        )


def lines_main(args, rules) -> int:
    """Lines as factors over the grid: per cell each level's fate, then the targets."""
    cells, everything = run_grid(args, rules)
    missed = print_targets(cells, not args.smoke)
    print_by_lines(everything)
    print_reasons()
    print_oracle()
    print("why hand-overs were undecided:", ", ".join(f"{k} {n}" for k, n in sorted(MISSING.items())))
    if args.smoke:
        print("a smoke run: too few templates to judge the targets")
    else:
        print(f"targets missed: {len(missed)}")
    return 1 if missed else 0
