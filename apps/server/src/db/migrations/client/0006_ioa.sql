-- Indicators of attack (issue 6): events raised by the IoA detectors over the change table, and the client's
-- per-detector settings (/settings/ioa/thresholds). IoAs never change the posture score.
CREATE TABLE ioa_event (
  ioa_event_id_pk bigserial PRIMARY KEY,
  change_fk bigint NOT NULL REFERENCES change (rep_id_pk) ON DELETE CASCADE,
  detector text NOT NULL,
  severity text NOT NULL CHECK (severity IN ('critical', 'high', 'medium', 'low', 'info')),
  title text NOT NULL,
  evidence jsonb NOT NULL,
  object_guid uuid NOT NULL,
  distinguished_name text NOT NULL,
  occurred_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Re-evaluating a change (data-change event retried) must not raise the same IoA twice.
  UNIQUE (change_fk, detector)
);
CREATE INDEX ioa_event_occurred_idx ON ioa_event (occurred_at DESC, ioa_event_id_pk DESC);

CREATE TABLE ioa_setting (
  detector text PRIMARY KEY,
  enabled boolean NOT NULL,
  allowlist text[] NOT NULL DEFAULT '{}',
  thresholds jsonb NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Change-history search: by attribute and by flags, newest first (the timestamp and object indexes exist already).
CREATE INDEX change_property_idx ON change (lower(property_name), "timestamp" DESC);
CREATE INDEX change_ioa_idx ON change ("timestamp" DESC) WHERE is_ioa;
CREATE INDEX change_ioe_idx ON change ("timestamp" DESC) WHERE is_ioe;
-- Substring search on object DNs (pg_trgm is created by global migration 0008).
CREATE INDEX change_dn_trgm_idx ON change USING gin (distinguished_name public.gin_trgm_ops);
