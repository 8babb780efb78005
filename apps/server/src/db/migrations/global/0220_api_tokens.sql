-- API tokens (issue 18, public API). A personal token acts as its user (with the user's current role and
-- organisation) and ends with the user; a provider token acts as the provider (role serviceprovider) and outlives
-- the team member who created it (kept as e-mail). Either only with its scopes.
-- Only a SHA-256 of the token is stored (256 random bits, so no salt is needed) and its first characters to show.
CREATE TABLE api_token (
  api_token_id_pk uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('personal', 'serviceprovider')),
  user_fk uuid REFERENCES app_user (user_id_pk) ON DELETE CASCADE,
  serviceprovider_fk uuid REFERENCES serviceprovider (serviceprovider_id_pk) ON DELETE CASCADE,
  created_by_email text NOT NULL,
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  token_prefix text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  scopes text[] NOT NULL CHECK (cardinality(scopes) > 0),
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  CHECK (
    (kind = 'personal' AND user_fk IS NOT NULL AND serviceprovider_fk IS NULL)
    OR (kind = 'serviceprovider' AND user_fk IS NULL AND serviceprovider_fk IS NOT NULL)
  )
);
CREATE INDEX api_token_user_idx ON api_token (user_fk) WHERE kind = 'personal';
CREATE INDEX api_token_provider_idx ON api_token (serviceprovider_fk) WHERE kind = 'serviceprovider';
