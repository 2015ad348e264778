"""A margin set for a signal the canary does not measure stops start-up, naming the nearest one."""

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from config.scales import parse_margins


@pytest.mark.parametrize(
    ("margins", "says"),
    [
        ("escalaton=0.5/0.02", "did you mean 'escalation'?"),
        ("cost_per_sucess=0.1", "did you mean 'cost_per_success'?"),
        ("tool:=0.3", "'tool:', which is not a signal"),
    ],
)
def test_a_misspelled_signal_stops_start_up(settings, margins, says):
    settings.KAIZEN = {**settings.KAIZEN, "CANARY_MARGINS": margins}
    with pytest.raises(SystemCheckError, match="kaizen.E101") as refused:
        call_command("check")
    assert says in str(refused.value)


@pytest.mark.parametrize(
    "margins",
    ["escalation=0.5/0.02,cost_per_success=0.1", "tool:bash:TIMEOUT=0.3,negative:accuracy=0.2/0.03", ""],
)
def test_the_signals_the_canary_measures_pass(settings, margins):
    settings.KAIZEN = {**settings.KAIZEN, "CANARY_MARGINS": margins}
    call_command("check")
    assert set(parse_margins(margins)) == {pair.split("=")[0] for pair in margins.split(",") if pair}
