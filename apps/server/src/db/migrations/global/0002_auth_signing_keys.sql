-- Keys that sign access tokens. Shared through the database so that every
-- stateless server instance issues and verifies the same tokens.
CREATE TABLE auth_signing_key (
  kid text PRIMARY KEY,
  private_jwk_sealed text NOT NULL,
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
