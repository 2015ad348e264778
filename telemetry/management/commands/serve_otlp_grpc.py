from django.core.management.base import BaseCommand, CommandError

from telemetry.intake.otlp_grpc import server


class Command(BaseCommand):
    help = "Serve OTLP over gRPC (the trace service) on a port, over the same pipeline as /v1/traces."

    def add_arguments(self, parser):
        parser.add_argument("--address", default="0.0.0.0:4317", help="host:port to listen on (0.0.0.0:4317)")
        parser.add_argument("--workers", type=int, default=8, help="Exports handled at once (8).")

    def handle(self, *args, address: str, workers: int, **options):
        if workers < 1:
            raise CommandError("--workers must be at least 1.")
        problem = address_problem(address)
        if problem:
            raise CommandError(f"--address {address!r}: {problem} (host:port, e.g. 0.0.0.0:4317)")
        try:
            serving, _ = server(address, workers)
        except (OSError, RuntimeError) as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"OTLP/gRPC trace service on {address}; Ctrl-C stops it.")
        try:
            serving.wait_for_termination()
        except KeyboardInterrupt:
            serving.stop(grace=5)


def address_problem(address: str) -> str:
    """Why `address` is not a host:port to listen on, or ''."""
    host, colon, port = address.rpartition(":")
    if not colon or not host.strip("[]"):
        return "a host is needed before the port"
    if not port.isdigit() or not 0 <= int(port) <= 65535:
        return f"the port must be a number from 0 to 65535, not {port!r}"
    return ""
