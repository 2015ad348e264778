"""Start-up checks of the canary's settings: every signal KAIZEN_CANARY_MARGINS names is one the
canary measures, so a misspelled one stops start-up instead of silently keeping the default."""

import difflib

from django.conf import settings
from django.core.checks import Error

from config.scales import parse_margins
from experiments.metrics import ANY, GUARDS, OTHER, TARGETS
from experiments.rule import USAGE
from experiments.selectors import DOWNSTREAM

KNOWN = tuple(dict.fromkeys((ANY, OTHER, TARGETS, *GUARDS, *USAGE)))
FAMILIES = ("tool:", "negative:", DOWNSTREAM)  # a tool failing one way, a feedback category, downstream


def known_signal(signal: str) -> bool:
    return signal in KNOWN or (signal.startswith(FAMILIES) and signal.rstrip(":") not in ("tool", "negative"))


def margins_name_signals(app_configs=None, **kwargs) -> list[Error]:
    """KAIZEN_CANARY_MARGINS names only signals the canary measures."""
    errors = []
    for signal in parse_margins(settings.KAIZEN["CANARY_MARGINS"]):
        if not known_signal(signal):
            near = difflib.get_close_matches(signal, KNOWN, n=1)
            errors.append(
                Error(
                    f"KAIZEN_CANARY_MARGINS names {signal!r}, which is not a signal the canary measures"
                    + (f": did you mean {near[0]!r}?" if near else ""),
                    hint=f"Signals: {', '.join(KNOWN)}, tool:<tool>:<mode>, negative:<category>.",
                    id="kaizen.E101",
                )
            )
    return errors
