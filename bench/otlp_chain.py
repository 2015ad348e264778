"""OTLP mapping of one parent chain: the cost of resolving sessions and owners per span.

    .venv/bin/python bench/otlp_chain.py [--smoke]

Maps chains of 2,000, 10,000 and 20,000 spans (one agent span at the top, an LLM call at the
bottom) and prints each time and the 20,000/2,000 ratio: linear mapping keeps it near 10 (a
quadratic walk of ancestors made it ~100: 0.5 s, 13 s and 56 s). Target: 20,000 spans well under
a second. It takes about a second whole, so `--smoke` (as `make test` runs it) runs the same.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from telemetry.intake import otlp_spans as otlp  # noqa: E402
from tests.telemetry.test_otlp_bounds import chain  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="the same run (it is short)")
    parser.parse_args()
    seconds = {}
    for n in (2_000, 10_000, 20_000):
        spans = chain(n)
        started = time.perf_counter()
        otlp.to_events(spans)
        seconds[n] = time.perf_counter() - started
        print(f"{n:>6} spans in one chain: {seconds[n] * 1000:8.1f} ms")
    print(f"ratio 20,000 / 2,000: {seconds[20_000] / seconds[2_000]:.1f} (linear: ~10)")


if __name__ == "__main__":
    main()
