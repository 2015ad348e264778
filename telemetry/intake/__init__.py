"""Every door events come in by, each handing them to the one pipeline (telemetry/ingest.py):
REST (`rest`), OpenTelemetry over HTTP and gRPC (`otlp_http`, `otlp_grpc`, mapped by `otlp_spans`
and joined across exports by `otel_traces`), Langfuse's scores (`langfuse`, mapped by
`langfuse_scores`) and the MCP server's report tools (`mcp`, over HTTP by `mcp_http`)."""
