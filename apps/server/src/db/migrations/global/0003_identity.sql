-- State of the embedded OpenID Connect provider (sessions, codes, grants, interactions),
-- kept in PostgreSQL so that every server instance stays stateless.
CREATE TABLE oidc_payload (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_payload_grant_idx ON oidc_payload (grant_id);
CREATE INDEX oidc_payload_uid_idx ON oidc_payload (uid);
CREATE INDEX oidc_payload_expires_idx ON oidc_payload (expires_at);

-- The web session of a signed-in user (cookie holds a random token, the table only its SHA-256).
CREATE TABLE auth_session (
  session_hash text PRIMARY KEY,
  user_fk uuid NOT NULL REFERENCES app_user (user_id_pk) ON DELETE CASCADE,
  id_token text,
  refresh_token_sealed text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX auth_session_user_idx ON auth_session (user_fk);
