-- Indicators of exposure (SPEC §3 IOE): one row per check slug with the client's settings and state,
-- the affected objects of the latest evaluation, exceptions per affected object, and the score history.
CREATE TABLE ioe (
  ioe_id_pk uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ioe_type text NOT NULL UNIQUE,
  criticality_override text CHECK (criticality_override IN ('critical', 'high', 'medium', 'low')),
  thresholds jsonb NOT NULL DEFAULT '{}'::jsonb,
  is_disabled boolean NOT NULL DEFAULT false,
  disabled_reason text,
  disabled_comment text,
  disabled_user_uid uuid,
  disabled_at timestamptz,
  skipped_reason text,
  total_findings_count integer NOT NULL DEFAULT 0,
  last_evaluated_at timestamptz,
  last_snapshot_fk bigint
);

CREATE TABLE finding (
  finding_id_pk bigserial PRIMARY KEY,
  ioe_fk uuid NOT NULL REFERENCES ioe (ioe_id_pk) ON DELETE CASCADE,
  object_key text NOT NULL,
  object_type text NOT NULL,
  object_name text NOT NULL,
  distinguished_name text,
  evidence text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (ioe_fk, object_key)
);

CREATE TABLE finding_exception (
  exception_id_pk uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ioe_fk uuid NOT NULL REFERENCES ioe (ioe_id_pk) ON DELETE CASCADE,
  object_key text NOT NULL,
  object_name text NOT NULL,
  reason text NOT NULL,
  comment text,
  created_by_user_uid uuid,
  created_by_email text,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (ioe_fk, object_key)
);

CREATE TABLE score_history (
  score_history_id_pk bigserial PRIMARY KEY,
  snapshot_fk bigint,
  score integer NOT NULL CHECK (score BETWEEN 0 AND 100),
  grade text NOT NULL,
  open_findings integer NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX score_history_computed_at_idx ON score_history (computed_at DESC);
