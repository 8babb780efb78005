-- Global (cross-tenant) tables. Per-client data lives in one schema per client.
CREATE TABLE serviceprovider (
  serviceprovider_id_pk uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  serviceprovider_name text NOT NULL CHECK (length(btrim(serviceprovider_name)) > 0),
  serviceprovider_address text,
  serviceprovider_stripe_customer_id text,
  free_seats integer NOT NULL DEFAULT 2 CHECK (free_seats >= 0),
  subscription_status text NOT NULL DEFAULT 'active',
  license_mode text NOT NULL DEFAULT 'saas',
  whitelabel_company_name text,
  whitelabel_email text,
  whitelabel_phone text,
  whitelabel_is_active boolean NOT NULL DEFAULT false,
  quickcheck_origin text,
  quickcheck_privacy text,
  is_created_by_reseller boolean NOT NULL DEFAULT false,
  reseller_fk uuid REFERENCES serviceprovider (serviceprovider_id_pk) ON DELETE SET NULL,
  reseller_invoiced boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE client (
  client_id_pk uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  serviceprovider_fk uuid NOT NULL REFERENCES serviceprovider (serviceprovider_id_pk) ON DELETE RESTRICT,
  client_name text NOT NULL CHECK (length(btrim(client_name)) > 0),
  client_address text,
  client_mode text NOT NULL DEFAULT 'monitoring' CHECK (client_mode IN ('monitoring', 'audit', 'quickcheck')),
  client_initialized boolean NOT NULL DEFAULT false,
  client_billing_cycle text NOT NULL DEFAULT 'monthly' CHECK (client_billing_cycle IN ('monthly', 'yearly')),
  client_subscription_end timestamptz,
  client_reported_employee_count integer CHECK (client_reported_employee_count >= 1),
  client_security_score numeric(5, 2) CHECK (client_security_score IS NULL OR client_security_score BETWEEN -1 AND 100),
  client_internal_ad boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_serviceprovider_idx ON client (serviceprovider_fk);

CREATE TABLE client_license (
  client_fk uuid PRIMARY KEY REFERENCES client (client_id_pk) ON DELETE CASCADE,
  employee_count integer NOT NULL CHECK (employee_count >= 1),
  free_seats integer NOT NULL DEFAULT 2 CHECK (free_seats >= 0),
  subscription_status text NOT NULL DEFAULT 'active',
  current_period_end timestamptz,
  mode text NOT NULL DEFAULT 'monitoring'
);

CREATE TABLE app_user (
  user_id_pk uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL CHECK (position('@' IN email) > 1),
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  password_hash text,
  roles text[] NOT NULL DEFAULT '{}',
  required_actions text[] NOT NULL DEFAULT '{}',
  notify_alert boolean NOT NULL DEFAULT true,
  notify_quickcheck boolean NOT NULL DEFAULT true,
  notify_info boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX app_user_email_idx ON app_user (lower(email));

-- A user belongs to exactly one organisation: a provider or a client (admins to none).
CREATE TABLE membership (
  user_fk uuid PRIMARY KEY REFERENCES app_user (user_id_pk) ON DELETE CASCADE,
  serviceprovider_fk uuid REFERENCES serviceprovider (serviceprovider_id_pk) ON DELETE CASCADE,
  client_fk uuid REFERENCES client (client_id_pk) ON DELETE CASCADE,
  CHECK ((serviceprovider_fk IS NULL) <> (client_fk IS NULL))
);
CREATE INDEX membership_serviceprovider_idx ON membership (serviceprovider_fk);
CREATE INDEX membership_client_idx ON membership (client_fk);
