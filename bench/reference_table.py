"""The reference endpoint's own table (bench/reference.py): Kaizen's envelope columns, the body
as JSONB, and the same uniqueness of (agent, dedup key)."""

TABLE = "bench_reference_event"
CREATE = f"""
CREATE TABLE IF NOT EXISTS {TABLE} (
    id bigserial PRIMARY KEY,
    agent_id bigint NOT NULL,
    type varchar(32) NOT NULL,
    dedup_key varchar(128) NOT NULL,
    occurred_at timestamptz NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    body jsonb NOT NULL,
    UNIQUE (agent_id, dedup_key)
)"""
INSERT = (
    f"INSERT INTO {TABLE} (agent_id, type, dedup_key, occurred_at, body) "
    "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (agent_id, dedup_key) DO NOTHING"
)
