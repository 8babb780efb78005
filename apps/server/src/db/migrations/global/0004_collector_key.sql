-- Per-client collector API keys (issue 4). Only a SHA-256 of the key is stored; the key itself is shown once
-- (inside the installer zip). A key may be bound to one machine (machine_code) on its first licence call.
CREATE TABLE collector_key (
  collector_key_id_pk uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_fk uuid NOT NULL REFERENCES client (client_id_pk) ON DELETE CASCADE,
  key_hash text NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
  key_prefix text NOT NULL,
  machine_code text,
  activated_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collector_key_client_idx ON collector_key (client_fk);
