"""Group-sequential boundaries for the canary's promotion tests (pure).

The horizon is known (the canary is decided or handed over by its last day), so each one-sided
promotion test (a target's superiority, a guardrail's non-inferiority) spends its α over the
daily looks with the Lan–DeMets O'Brien–Fleming-type spending function (Lan and DeMets,
"Discrete sequential boundaries for clinical trials", Biometrika 1983):

    α(t) = 2 − 2·Φ( z₁₋α/₂ / √t ),   t = the share of the horizon elapsed,

which spends almost nothing early and nearly all of α by the last look, so the last look's
critical value is close to a single fixed test's (about 1.7 against 1.645 at α = 5% over 14
daily looks) while an overwhelming early difference still decides at once. The boundary at each
look is the z that spends exactly α(tₖ) − α(tₖ₋₁) given that no earlier look crossed, computed by
the recursive numerical integration of Armitage, McPherson and Rowe ("Repeated significance
tests on accumulating data", JRSS A 1969) over the statistic's Brownian path. Looks that were
skipped (a day without a check) simply spend their share at the next look taken.
"""

import math
from functools import lru_cache
from statistics import NormalDist

_N = NormalDist()
GRID = 160  # points of the continuation density per look
LOWEST = 8.0  # the density is kept down to 8 standard deviations below zero


def spent(t: float, alpha: float) -> float:
    """α spent by information fraction `t` (O'Brien–Fleming type)."""
    if t <= 0:
        return 0.0
    return min(alpha, 2 - 2 * _N.cdf(_N.inv_cdf(1 - alpha / 2) / math.sqrt(min(t, 1.0))))


def _phi(x: float) -> float:
    return math.exp(-0.5 * x * x) / math.sqrt(2 * math.pi)


def _weights(points: list[float]) -> list[float]:
    """Trapezoid weights over an evenly spaced grid."""
    h = points[1] - points[0]
    w = [h] * len(points)
    w[0] = w[-1] = h / 2
    return w


@lru_cache(maxsize=256)
def boundaries(fractions: tuple[float, ...], alpha: float) -> tuple[float, ...]:
    """The critical z at each look taken at `fractions` (increasing, in (0, 1])."""
    out: list[float] = []
    grid: list[float] = []
    density: list[float] = []
    last_t, last_spent = 0.0, 0.0
    for t in fractions:
        t = min(max(t, 1e-9), 1.0)
        target = spent(t, alpha) - last_spent
        if t <= last_t or target <= 1e-15:
            out.append(math.inf)
            continue
        delta = t - last_t
        sd = math.sqrt(delta)
        if not grid:  # the first look: the statistic is N(0, t)
            c = _N.inv_cdf(1 - target)
            bound = c * math.sqrt(t)

            def density_at(s: float, t: float = t) -> float:
                return _phi(s / math.sqrt(t)) / math.sqrt(t)

        else:
            weights = [w * f for w, f in zip(_weights(grid), density, strict=True)]

            def crossing(b: float, weights=weights, grid=grid, sd=sd) -> float:
                return sum(w * (1 - _N.cdf((b - u) / sd)) for w, u in zip(weights, grid, strict=True))

            low, high = -LOWEST * math.sqrt(t), 12 * math.sqrt(t)
            if crossing(high) > target:
                bound = high
            else:
                for _ in range(60):
                    mid = (low + high) / 2
                    if crossing(mid) > target:
                        low = mid
                    else:
                        high = mid
                bound = (low + high) / 2

            def density_at(s: float, weights=weights, grid=grid, sd=sd) -> float:
                return sum(w * _phi((s - u) / sd) for w, u in zip(weights, grid, strict=True)) / sd

        out.append(bound / math.sqrt(t))
        bottom = -LOWEST * math.sqrt(t)
        step = (bound - bottom) / (GRID - 1)
        grid = [bottom + i * step for i in range(GRID)]
        density = [density_at(s) for s in grid]
        last_t, last_spent = t, last_spent + target
    return tuple(out)


def boundary(days: tuple[int, ...], horizon: int, alpha: float) -> float:
    """The critical z at the last of the looks taken on `days` (whole days since the start,
    increasing) with the horizon `horizon` days."""
    return boundaries(tuple(min(d, horizon) / horizon for d in days), alpha)[-1]
