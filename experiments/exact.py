"""Exact one-sided tests of two arms' rates, for a canary too small for the normal approximation
(pure).

When a few sessions per arm, or one agent assigned whole against the others, leave the estimate
undefined, a person still needs each signal's counts and what they can and cannot show. Each
signal's failing sessions in the two arms are compared with Fisher's exact test (Fisher,
"Statistical Methods for Research Workers", 1925; the conditional test of a 2×2 table given its
margins): under no difference, the canary's failing sessions follow the hypergeometric law of
drawing the canary's sessions from both arms' together. The test treats sessions as independent,
which sessions of one agent are not quite: its p-values are a reading for a person, not a rule
that acts on its own.
"""

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Exact:
    candidate: tuple[int, int]  # (sessions showing the signal, sessions)
    champion: tuple[int, int]
    p_worse: float  # one-sided p-value: the canary's rate is higher
    p_better: float  # ... lower


def _log_choose(n: int, k: int) -> float:
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def _tail(y_c: int, n_c: int, y_b: int, n_b: int, upper: bool) -> float:
    """P(X ≥ y_c) (upper) or P(X ≤ y_c), X hypergeometric: n_c draws from n_c + n_b sessions of
    which y_c + y_b failed."""
    total, failed = n_c + n_b, y_c + y_b
    low, high = max(0, failed - n_b), min(failed, n_c)
    span = range(y_c, high + 1) if upper else range(low, y_c + 1)
    denominator = _log_choose(total, n_c)
    p = sum(
        math.exp(_log_choose(failed, x) + _log_choose(total - failed, n_c - x) - denominator) for x in span
    )
    return min(1.0, p)


def fisher(candidate: tuple[float, float], champion: tuple[float, float]) -> Exact | None:
    """Fisher's exact test both ways for (failing, sessions) per arm; None when an arm is empty."""
    (y_c, n_c), (y_b, n_b) = (tuple(int(round(v)) for v in arm) for arm in (candidate, champion))
    if n_c <= 0 or n_b <= 0:
        return None
    return Exact(
        (y_c, n_c), (y_b, n_b), _tail(y_c, n_c, y_b, n_b, upper=True), _tail(y_c, n_c, y_b, n_b, upper=False)
    )
