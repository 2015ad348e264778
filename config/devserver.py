"""Django's development server, which `make run` serves through and the suite's live server is."""

from django.core.servers.basehttp import WSGIRequestHandler


def answer_without_delay() -> None:
    """Send each answer as it is written. The server writes an answer's head and body apart; with
    Nagle's algorithm on, the body waits for the client's delayed acknowledgement (40 ms on
    Linux) on every kept-alive request: 40 ms added to each call of a client that keeps its
    connection (the SDK, the OpenTelemetry exporters). gunicorn sets the same option itself."""
    WSGIRequestHandler.disable_nagle_algorithm = True
