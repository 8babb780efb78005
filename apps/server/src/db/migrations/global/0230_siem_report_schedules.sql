-- SIEM feed and scheduled reports (issue 18).

-- One syslog destination per provider: IoA events and new critical findings of all its clients go there.
CREATE TABLE siem_destination (
  serviceprovider_fk uuid PRIMARY KEY REFERENCES serviceprovider (serviceprovider_id_pk) ON DELETE CASCADE,
  host text NOT NULL CHECK (length(btrim(host)) > 0),
  port integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
  transport text NOT NULL CHECK (transport IN ('tcp', 'tls')),
  format text NOT NULL CHECK (format IN ('cef', 'json')),
  -- PEM of the CA that signed the collector's TLS certificate (NULL: the usual trust store).
  ca_certificate text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per provider and cause: the key that keeps an IoA or finding from being sent to the SIEM twice.
CREATE TABLE siem_sent (
  serviceprovider_fk uuid NOT NULL REFERENCES serviceprovider (serviceprovider_id_pk) ON DELETE CASCADE,
  dedupe_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (serviceprovider_fk, dedupe_key)
);

CREATE TABLE siem_delivery (
  siem_delivery_id_pk uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  serviceprovider_fk uuid NOT NULL REFERENCES serviceprovider (serviceprovider_id_pk) ON DELETE CASCADE,
  event text NOT NULL CHECK (event IN ('test', 'ioa', 'finding')),
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX siem_delivery_provider_idx ON siem_delivery (serviceprovider_fk, created_at DESC);

-- Reports mailed on a schedule: a client's PDF report (client_fk) or the provider's summary (client_fk NULL).
CREATE TABLE report_schedule (
  report_schedule_id_pk uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  serviceprovider_fk uuid NOT NULL REFERENCES serviceprovider (serviceprovider_id_pk) ON DELETE CASCADE,
  client_fk uuid REFERENCES client (client_id_pk) ON DELETE CASCADE,
  frequency text NOT NULL CHECK (frequency IN ('weekly', 'monthly')),
  recipient_user_ids uuid[] NOT NULL CHECK (cardinality(recipient_user_ids) > 0),
  -- The period (e.g. 2026-11 or 2026-W48) last sent: claiming a period is what makes it one mail per period.
  last_period text,
  last_sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE NULLS NOT DISTINCT (serviceprovider_fk, client_fk)
);
