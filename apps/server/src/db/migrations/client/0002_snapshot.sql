-- Full snapshots as the collector sent them (validated), newest used for evaluation.
CREATE TABLE snapshot (
  snapshot_id_pk bigserial PRIMARY KEY,
  batch_id text NOT NULL UNIQUE,
  collected_at timestamptz NOT NULL,
  collector_version text NOT NULL,
  highest_usn bigint NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX snapshot_collected_at_idx ON snapshot (collected_at DESC);
