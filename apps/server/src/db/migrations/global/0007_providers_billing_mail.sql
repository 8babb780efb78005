-- Issue 7: white-label logo, client contact, custom e-mail per provider, invitation tokens,
-- collector activation keys, platform settings and the local billing ledger.
ALTER TABLE serviceprovider
  ADD COLUMN whitelabel_logo bytea,
  ADD COLUMN whitelabel_logo_type text;

ALTER TABLE client
  ADD COLUMN client_admin_email text,
  ADD COLUMN client_emergency_contact_name text,
  ADD COLUMN client_emergency_contact_phone text,
  ADD COLUMN client_company text;

-- A provider's own SMTP server (white-label sender). Secrets are sealed with the server's SecretBox.
CREATE TABLE serviceprovider_email_settings (
  serviceprovider_fk uuid PRIMARY KEY REFERENCES serviceprovider (serviceprovider_id_pk) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT false,
  host text,
  port integer CHECK (port BETWEEN 1 AND 65535),
  secure boolean NOT NULL DEFAULT false,
  auth_method text NOT NULL DEFAULT 'basic' CHECK (auth_method IN ('basic', 'oauth2', 'none')),
  basic_user text,
  basic_password_sealed text,
  oauth2_tenant_id text,
  oauth2_client_id text,
  oauth2_client_secret_sealed text,
  oauth2_token_url text,
  oauth2_scope text,
  oauth2_access_token_sealed text,
  from_name text,
  from_address text,
  template1_html text,
  template2_html text,
  subject1 text,
  subject2 text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One-time links (set a password after an invitation or a password change); only the SHA-256 is stored.
CREATE TABLE user_action_token (
  token_hash text PRIMARY KEY,
  user_fk uuid NOT NULL REFERENCES app_user (user_id_pk) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('set-password')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_action_token_user_idx ON user_action_token (user_fk);

CREATE TABLE platform_setting (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Local billing ledger: gives the same answers as Stripe when no Stripe keys are configured.
CREATE TABLE billing_customer (
  serviceprovider_fk uuid PRIMARY KEY REFERENCES serviceprovider (serviceprovider_id_pk) ON DELETE CASCADE,
  customer_id text NOT NULL UNIQUE,
  email text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE billing_subscription (
  subscription_id text PRIMARY KEY,
  serviceprovider_fk uuid NOT NULL REFERENCES serviceprovider (serviceprovider_id_pk) ON DELETE CASCADE,
  client_fk uuid REFERENCES client (client_id_pk) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'active',
  billing_cycle text NOT NULL CHECK (billing_cycle IN ('monthly', 'yearly')),
  employee_count integer NOT NULL CHECK (employee_count >= 1),
  amount_eur integer,
  current_period_end timestamptz NOT NULL,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billing_subscription_provider_idx ON billing_subscription (serviceprovider_fk);
CREATE INDEX billing_subscription_client_idx ON billing_subscription (client_fk);

CREATE TABLE billing_invoice (
  invoice_id text PRIMARY KEY,
  serviceprovider_fk uuid NOT NULL REFERENCES serviceprovider (serviceprovider_id_pk) ON DELETE CASCADE,
  client_fk uuid REFERENCES client (client_id_pk) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('audit', 'subscription')),
  amount_eur integer NOT NULL CHECK (amount_eur >= 0),
  status text NOT NULL DEFAULT 'open',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billing_invoice_provider_idx ON billing_invoice (serviceprovider_fk);

CREATE TABLE billing_payment_method (
  payment_method_id text PRIMARY KEY,
  serviceprovider_fk uuid NOT NULL REFERENCES serviceprovider (serviceprovider_id_pk) ON DELETE CASCADE,
  kind text NOT NULL,
  label text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Webhook events already processed (Stripe retries deliveries; each event counts once).
CREATE TABLE billing_webhook_event (
  event_id text PRIMARY KEY,
  event_type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- Link for a quick-check prospect to download its installer without an account (only the hash is stored).
CREATE TABLE quickcheck_download_token (
  token_hash text PRIMARY KEY,
  client_fk uuid NOT NULL REFERENCES client (client_id_pk) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quickcheck_download_token_client_idx ON quickcheck_download_token (client_fk);
