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
        try:
            serving, _ = server(address, workers)
        except (OSError, RuntimeError) as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"OTLP/gRPC trace service on {address}; Ctrl-C stops it.")
        try:
            serving.wait_for_termination()
        except KeyboardInterrupt:
            serving.stop(grace=5)
