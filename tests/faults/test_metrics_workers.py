"""/metrics under the shipped gunicorn config counts every worker: whichever worker answers a
scrape, the sums are those of all of them (prometheus-client's multiprocess mode)."""

import re
import urllib.request


def scrape(port: int) -> str:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/metrics", headers={"Authorization": "Bearer scrape-token"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read().decode()


def healthz_count(body: str) -> float:
    pattern = r'kaizen_request_seconds_count\{[^}]*route="healthz"[^}]*\} ([0-9.e+]+)'
    return sum(float(n) for n in re.findall(pattern, body))


def test_every_scrape_counts_the_requests_of_every_worker(private_pg, kaizen_factory):
    kaizen = kaizen_factory(private_pg, KAIZEN_METRICS_TOKEN="scrape-token")
    port = kaizen.web(workers=3)
    for _ in range(60):
        urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10).read()

    counts = [healthz_count(scrape(port)) for _ in range(6)]

    assert counts == [60.0] * 6, counts
    assert "kaizen_derived_pending" in scrape(port)  # the database gauges are there once
