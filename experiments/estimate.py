"""How much a canary changed one metric, and how sure that is: the candidate − champion difference
of two ratios of sums, with a variance that counts agents, not sessions (pure).

A metric is a ratio of sums over each arm: sessions showing a failure signal over sessions, or
cost (tokens, milliseconds) over the successful outcomes. Its evidence arrives as **cells**, one
per agent and arm: an agent whose sessions were assigned one by one has a cell in each arm; an
agent assigned whole has one. Sessions of one agent are not independent draws (agents differ:
other customers, other workloads), so agents are the unit, in one of two ways:

- **An agent in both arms is its own control**: the difference is post-stratified by agent (each
  agent's own candidate − champion difference, weighted by its share of the sessions), so which
  agents sent more sessions to which arm moves nothing, and its variance is the sessions' own
  within each agent (binomial for a rate, the cell's sum of squares for cost, tokens or time).
- **Agents assigned whole are compared with each other**, by the delta method with the agent as
  the cluster (Deng, Knoblich and Lu, "Applying the Delta Method in Metric Analytics", KDD 2018):
  the difference is linearised into one contribution per agent, each scaled for its leverage
  (CR2, Bell and McCaffrey, "Bias reduction in standard errors for linear regression with
  multi-stage samples", 2002: with a few agents per arm the plain sum understates the variance
  by half), with **CUPED** (Deng, Xu, Kohavi and Walker, "Improving the Sensitivity of Online
  Controlled Experiments by Utilizing Pre-Experiment Data", WSDM 2013): each cell's covariate is
  what its agent's rate before the rollout predicts for it, and the difference is adjusted by θ
  times the arms' difference in covariate, θ chosen to minimise the variance, so which agents
  landed in which arm moves the comparison far less. The variance is never taken below the
  sessions' own (a handful of agents that happen to agree cannot make the interval vanish).

The two estimates, when a fleet has both kinds of agent, are combined by their precision.
`critical` turns a normal quantile into Student's t when agents compared whole decide the
estimate (few agents estimate a variance poorly), with the effective number of agents less two
(one fewer once θ is fitted) as its degrees of freedom, and leaves it normal when agents in both
arms do. Every cell's spread is smoothed toward the pooled one (`_spread`), rates and usage alike.
"""

import math
from collections import defaultdict
from dataclasses import dataclass
from statistics import NormalDist


@dataclass(frozen=True)
class Cell:
    """One agent's evidence in one arm: `y` over `n` (failing sessions over sessions, or cost over
    successful outcomes), `pre`, the agent's own ratio before the rollout (None: unknown), and for
    a ratio that is not a rate, `ss`, how much its units vary around its own ratio."""

    agent: int
    n: float
    y: float
    pre: float | None = None
    ss: float | None = None  # for a ratio that is not a rate: Σ (yᵢ − r·nᵢ)² over the cell's units, r = y/n


@dataclass(frozen=True)
class Estimate:
    diff: float  # candidate − champion, adjusted for the agents' own history
    se: float
    candidate: float  # each arm's plain ratio
    champion: float
    agents: int  # the clusters behind the variance
    df: float  # the variance's degrees of freedom (effective agents compared whole, less two, less one for θ)
    by_agents: bool  # agents compared whole decide the estimate: critical values use t


def _ratio(cells: list[Cell]) -> tuple[float, float]:
    n = sum(c.n for c in cells)
    return n, (sum(c.y for c in cells) / n if n else 0.0)


def estimate(candidate: list[Cell], champion: list[Cell], *, binary: bool = True) -> Estimate | None:
    """The adjusted difference and its standard error: agents with sessions in both arms compared
    within themselves, agents assigned whole compared with each other, the two combined by their
    precision. None when an arm has no denominator, or when nothing can be compared (agents
    assigned whole leaving an arm with a single agent: no variance to estimate)."""
    n_c, r_c = _ratio(candidate)
    n_b, r_b = _ratio(champion)
    if n_c <= 0 or n_b <= 0:
        return None
    both = {c.agent for c in candidate if c.n > 0} & {c.agent for c in champion if c.n > 0}
    pooled = _pooled([*candidate, *champion], binary)
    paired = _within(
        [c for c in candidate if c.agent in both], [c for c in champion if c.agent in both], binary, pooled
    )
    whole = _between(
        [c for c in candidate if c.agent not in both],
        [c for c in champion if c.agent not in both],
        binary,
        pooled,
    )
    if paired is None and whole is None:
        return None
    agents = len({c.agent for c in (*candidate, *champion)})
    if whole is None:
        diff, var = paired
        return Estimate(diff, math.sqrt(max(var, 1e-12)), r_c, r_b, agents, 1e6, False)
    w_diff, w_var, df, by_agents = whole
    if paired is None:
        return Estimate(w_diff, math.sqrt(max(w_var, 1e-12)), r_c, r_b, agents, df, by_agents)
    p_diff, p_var = paired
    p_weight, w_weight = 1 / max(p_var, 1e-12), 1 / max(w_var, 1e-12)
    diff = (p_weight * p_diff + w_weight * w_diff) / (p_weight + w_weight)
    return Estimate(
        diff, math.sqrt(1 / (p_weight + w_weight)), r_c, r_b, agents, df, by_agents and w_weight > p_weight
    )


SMOOTHING = 2  # pseudo-units every cell's spread is drawn toward the pooled one by


def _pooled(cells: list[Cell], binary: bool) -> float:
    """What a cell's spread is smoothed toward: for a rate, both arms' rate (itself smoothed by
    one failing and one clean session); for any other ratio, the spread of one unit around its
    cell's ratio, pooled over every cell that knows it."""
    n = sum(c.n for c in cells)
    if binary:
        return (sum(c.y for c in cells) + 1) / (n + 2)
    known = [c for c in cells if c.ss is not None]
    units = sum(c.n for c in known)
    return sum(max(0.0, c.ss) for c in known) / units if units else 0.0


def _spread(cell: Cell, binary: bool, pooled: float) -> float | None:
    """The variance of one cell's ratio: binomial for a rate, its units' spread for any other
    ratio; either smoothed toward `pooled` by SMOOTHING units (an empirical-Bayes shrinkage, as
    in a beta-binomial with a weak prior), so that 0 failures of 2 sessions, or one successful
    session whose cost has nothing to vary around, is not read as certainty."""
    if binary:
        q = (cell.y + SMOOTHING * pooled) / (cell.n + SMOOTHING)
        return q * (1 - q) / cell.n
    if cell.ss is None:
        return None
    return (max(0.0, cell.ss) + SMOOTHING * pooled) / (cell.n + SMOOTHING) / cell.n


def _within(
    candidate: list[Cell], champion: list[Cell], binary: bool, pooled: float
) -> tuple[float, float] | None:
    """Agents with sessions in both arms, each its own control: the difference post-stratified by
    agent (each agent's own difference, weighted by its share of the sessions), whose variance is
    the sessions' own within each agent (`_spread`)."""
    if not candidate:
        return None
    cand = {c.agent: c for c in candidate}
    champ = {c.agent: c for c in champion}
    total = sum(cand[a].n + champ[a].n for a in cand)
    diff = var = 0.0
    for agent, c in cand.items():
        b = champ[agent]
        weight = (c.n + b.n) / total
        diff += weight * (c.y / c.n - b.y / b.n)
        for cell in (c, b):
            spread = _spread(cell, binary, pooled)
            if spread is None:
                return None
            var += weight * weight * spread
    return diff, var


def _between(candidate: list[Cell], champion: list[Cell], binary: bool, pooled: float) -> tuple | None:
    """Agents assigned whole, compared with each other: (difference, variance, degrees of
    freedom, True: critical values are Student's t), or None when an arm has fewer than two.
    The degrees of freedom count effective agents, not agents: with heavy-tailed volumes a few
    agents carry most sessions and the variance rests on them (Kish's effective number of
    clusters, (Σ nᵍ)² / Σ nᵍ²), less the two arm means and θ. The t widening stays on whatever
    the variance rests on: when the agents happen to agree, the sessions' floor decides, but
    whether they truly agree is known only as well as few agents tell."""
    n_c, r_c = _ratio(candidate)
    n_b, r_b = _ratio(champion)
    if n_c <= 0 or n_b <= 0:
        return None
    if min(len({c.agent for c in candidate}), len({c.agent for c in champion})) < 2:
        return None  # one agent against the others: its own level and the change are one
    known = [c.pre for c in (*candidate, *champion) if c.pre is not None]
    fill = sum(known) / len(known) if known else 0.0
    pre = {id(c): (c.pre if c.pre is not None else fill) for c in (*candidate, *champion)}
    x_c = sum(c.n * pre[id(c)] for c in candidate) / n_c
    x_b = sum(c.n * pre[id(c)] for c in champion) / n_b
    u: dict[int, float] = defaultdict(float)  # each agent's share of the difference's error
    v: dict[int, float] = defaultdict(float)  # ... and of the covariate's difference
    for cells, total, rate, x_rate, sign in (
        (candidate, n_c, r_c, x_c, 1.0),
        (champion, n_b, r_b, x_b, -1.0),
    ):
        for c in cells:
            # CR2 (Bell and McCaffrey 2002): each residual scaled by 1/√(1 − its leverage in its
            # arm's ratio), so a few agents per arm do not understate the variance
            lift = 1 / math.sqrt(max(1e-9, 1 - c.n / total))
            u[c.agent] += sign * lift * (c.y - rate * c.n) / total
            v[c.agent] += sign * lift * c.n * (pre[id(c)] - x_rate) / total
    agents = list(u)
    g = len(agents)
    vv = sum(v[a] * v[a] for a in agents)
    fitted = vv > 1e-15 and g > 4
    theta = sum(u[a] * v[a] for a in agents) / vv if fitted else 0.0
    diff = (r_c - r_b) - theta * (x_c - x_b)
    sizes: dict[int, float] = defaultdict(float)
    for c in (*candidate, *champion):
        sizes[c.agent] += c.n
    effective = sum(sizes.values()) ** 2 / sum(n * n for n in sizes.values())
    df = max(1.0, effective - 2 - fitted)  # two arm means, and θ
    scale = (g - 2) / max(1, g - 2 - fitted) if g > 2 else 1.0
    cluster = sum((u[a] - theta * v[a]) ** 2 for a in agents) * scale
    floor = 0.0
    for cells, total in ((candidate, n_c), (champion, n_b)):
        for c in cells:
            spread = _spread(c, binary, pooled)
            floor += (spread or 0.0) * c.n * c.n / (total * total)
    return diff, max(cluster, floor), df, True


def t_quantile(p: float, df: float) -> float:
    """Student's t quantile: exact for 1 and 2 degrees of freedom (closed forms), by bisection on
    the exact distribution function below 8 (`_t_cdf`), and the Cornish–Fisher expansion of the
    normal quantile from 8 on (Abramowitz and Stegun 26.7.5: within 0.2% of the exact quantile for
    p from 0.9 to 0.9999, and closer as the degrees of freedom grow)."""
    if df < 1.5:
        return math.tan(math.pi * (p - 0.5))
    if df < 2.5:
        return (2 * p - 1) / math.sqrt(2 * p * (1 - p))
    if df < 8:
        low, high = -1e6, 1e6
        for _ in range(200):
            mid = (low + high) / 2
            low, high = (mid, high) if _t_cdf(mid, df) < p else (low, mid)
            if high - low < 1e-12 * max(1.0, abs(mid)):
                break
        return (low + high) / 2
    z = NormalDist().inv_cdf(p)
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def _t_cdf(x: float, df: float) -> float:
    """Student's t distribution function, by the regularized incomplete beta function:
    P(T ≤ x) = 1 − ½·I_{ν/(ν+x²)}(ν/2, ½) for x ≥ 0, symmetric below."""
    tail = 0.5 * _betainc(df / 2, 0.5, df / (df + x * x))
    return 1 - tail if x >= 0 else tail


def _betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), by its continued fraction (modified
    Lentz; Press et al., Numerical Recipes, 6.4), on whichever side converges fast."""
    if x <= 0 or x >= 1:
        return 0.0 if x <= 0 else 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x > (a + 1) / (a + b + 2):
        return 1 - front * _beta_fraction(b, a, 1 - x) / b
    return front * _beta_fraction(a, b, x) / a


def _beta_fraction(a: float, b: float, x: float) -> float:
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    out = d
    for m in range(1, 300):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            out *= c * d
        if abs(c * d - 1) < 1e-15:
            break
    return out


def critical(z: float, est: Estimate) -> float:
    """The normal critical value `z`, widened to Student's t when few agents decide the variance."""
    if not est.by_agents:
        return z
    p = NormalDist().cdf(z)
    if p > 1 - 1e-12:  # beyond the normal's resolution: widened by the ratio where it still resolves
        edge = 1 - 1e-12
        return z * t_quantile(edge, est.df) / NormalDist().inv_cdf(edge)
    return t_quantile(p, est.df)
