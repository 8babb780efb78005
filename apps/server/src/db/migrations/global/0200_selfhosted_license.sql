-- SaaS side of self-hosted licences (SPEC §7 /saas/selfhosted): one row per self-hosted installation. The installation
-- authenticates with its licence key, of which only the SHA-256 is stored (256 random bits, so no salt is needed).
-- The last reported figures of its heartbeat are kept on the row (the admin list shows them).
CREATE TABLE selfhosted_license (
  selfhosted_id_pk uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  key_prefix text NOT NULL,
  seats integer NOT NULL CHECK (seats > 0),
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'canceled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_heartbeat_at timestamptz,
  last_validated_at timestamptz,
  reported_version text,
  reported_client_count integer,
  reported_seats_used integer,
  reported_user_count integer,
  CHECK (period_end > period_start)
);

-- Self-hosted side: the installation's last licence check, shared by all its instances (they are stateless). One row.
CREATE TABLE selfhosted_license_state (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  selfhosted_uuid uuid NOT NULL,
  -- When this installation began checking: the grace period of an installation never validated counts from here.
  first_check_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  last_success_at timestamptz,
  last_error text,
  license_status text CHECK (license_status IN ('active', 'suspended', 'canceled')),
  seats integer,
  period_start timestamptz,
  valid_until timestamptz
);
