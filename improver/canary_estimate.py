"""How much a canary changed one metric, and how sure that is: the candidate − champion difference
of two ratios of sums, with a variance that counts agents, not sessions (pure).

A metric is a ratio of sums over each arm: sessions showing a failure signal over sessions, or
cost (tokens, milliseconds) over the sessions that succeeded. Its evidence arrives as **cells**,
one per agent and arm: an agent whose sessions were assigned one by one has a cell in each arm;
an agent assigned whole has one.

- **Cluster-robust variance by the delta method** (Deng, Knoblich and Lu, "Applying the Delta
  Method in Metric Analytics", KDD 2018): the difference is linearised into one contribution per
  agent, and its variance is the sum of their squares, each scaled for its leverage (CR2, Bell
  and McCaffrey, "Bias reduction in standard errors for linear regression with multi-stage
  samples", 2002): with a few agents per arm the plain sum understates the variance by half.
  Sessions of one agent are not independent (agents differ: other customers, other workloads),
  so the agent is the unit; an agent with cells in both arms is its own control, and its
  contribution nets its own level out.
- **CUPED** (Deng, Xu, Kohavi and Walker, "Improving the Sensitivity of Online Controlled
  Experiments by Utilizing Pre-Experiment Data", WSDM 2013): each cell's covariate is what its
  agent's rate before the rollout predicts for it (its denominator × that rate); the difference
  is adjusted by θ times the arms' difference in covariate, θ chosen to minimise the variance.
  Which agents land in which arm then moves the comparison far less.
- **A floor**: the variance is never taken below the variance left within each agent's cell
  (binomial for a rate; from the cell's sum of squares for cost, tokens or time), the part no
  adjustment can remove, so a handful of agents that happen to agree cannot make the interval
  vanish.

`critical` turns a normal quantile into Student's t with G − 2 degrees of freedom (G − 1 when
every agent has sessions in both arms, one fewer once θ is fitted) when the agents' variance
decides (few agents estimate a variance poorly), and leaves it normal when the within-cell floor
does (it rests on every session).
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
    df: float  # the variance's degrees of freedom: agents less one, less one more for θ
    by_agents: bool  # the agents' variance decided (else the binomial floor): critical values use t


def _ratio(cells: list[Cell]) -> tuple[float, float]:
    n = sum(c.n for c in cells)
    return n, (sum(c.y for c in cells) / n if n else 0.0)


def estimate(candidate: list[Cell], champion: list[Cell], *, binary: bool = True) -> Estimate | None:
    """The adjusted difference and its standard error; None when an arm has no denominator, or
    when agents assigned whole leave an arm with a single agent (no variance to estimate)."""
    n_c, r_c = _ratio(candidate)
    n_b, r_b = _ratio(champion)
    if n_c <= 0 or n_b <= 0:
        return None
    known = [c.pre for c in (*candidate, *champion) if c.pre is not None]
    fill = sum(known) / len(known) if known else 0.0
    pre = {id(c): (c.pre if c.pre is not None else fill) for c in (*candidate, *champion)}
    x_c = sum(c.n * pre[id(c)] for c in candidate) / n_c
    x_b = sum(c.n * pre[id(c)] for c in champion) / n_b
    u: dict[int, float] = defaultdict(float)  # each agent's share of the difference's error
    v: dict[int, float] = defaultdict(float)  # ... and of the covariate's difference
    arms_of: dict[int, int] = defaultdict(int)
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
            arms_of[c.agent] += 1
    agents = list(u)
    g = len(agents)
    vv = sum(v[a] * v[a] for a in agents)
    fitted = vv > 1e-15 and g > 4
    theta = sum(u[a] * v[a] for a in agents) / vv if fitted else 0.0
    diff = (r_c - r_b) - theta * (x_c - x_b)
    nested = any(k == 1 for k in arms_of.values())  # some agents sit in one arm only
    if nested and min(len({c.agent for c in candidate}), len({c.agent for c in champion})) < 2:
        return None  # one agent against the others: its own level and the change are one
    df = max(1, g - 1 - nested - fitted)
    cluster = sum((u[a] - theta * v[a]) ** 2 for a in agents) * ((df + fitted) / df)
    floor = 0.0
    for cells, total, rate in ((candidate, n_c, r_c), (champion, n_b, r_b)):
        smooth = (rate * total + 1) / (total + 2)
        for c in cells:
            if binary:
                q = (c.y + 2 * smooth) / (c.n + 2)
                floor += c.n * q * (1 - q) / (total * total)
            elif c.ss is not None:
                floor += max(0.0, c.ss) / (total * total)
    by_agents = cluster > floor
    return Estimate(
        diff=diff,
        se=math.sqrt(max(cluster, floor, 1e-12)),
        candidate=r_c,
        champion=r_b,
        agents=g,
        df=df,
        by_agents=by_agents and g < 60,
    )


def t_quantile(p: float, df: float) -> float:
    """Student's t quantile: exact for 1, 2 and 3 degrees of freedom (closed forms; the third by
    bisection on its distribution function), the Cornish–Fisher expansion of the normal quantile
    beyond (Abramowitz and Stegun 26.7.5, within 0.5% from 4 degrees of freedom)."""
    if df < 1.5:
        return math.tan(math.pi * (p - 0.5))
    if df < 2.5:
        return (2 * p - 1) / math.sqrt(2 * p * (1 - p))
    if df < 3.5:
        low, high = -1e6, 1e6
        for _ in range(200):
            mid = (low + high) / 2
            x = mid / math.sqrt(3)
            if 0.5 + (x / (1 + x * x) + math.atan(x)) / math.pi < p:
                low = mid
            else:
                high = mid
        return (low + high) / 2
    z = NormalDist().inv_cdf(p)
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def critical(z: float, est: Estimate) -> float:
    """The normal critical value `z`, widened to Student's t when few agents decide the variance."""
    if not est.by_agents:
        return z
    return t_quantile(NormalDist().cdf(z), est.df)
