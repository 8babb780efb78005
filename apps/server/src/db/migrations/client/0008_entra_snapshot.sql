-- Issue 13: what the Graph collection job read from the client's Entra ID tenant (validated `entraSnapshotSchema`),
-- one row per collection; the newest is evaluated together with the newest AD snapshot.
CREATE TABLE entra_snapshot (
  entra_snapshot_id_pk bigserial PRIMARY KEY,
  collected_at timestamptz NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX entra_snapshot_collected_at_idx ON entra_snapshot (collected_at DESC);
