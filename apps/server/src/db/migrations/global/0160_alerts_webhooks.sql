-- Alerts and webhooks (issue 18). Rules belong to a provider; client_fk narrows a rule to one client (NULL = all its
-- clients). Recipients are users of the provider's team or of the client; whether they still get mail is decided at
-- sending time (membership and their notify_alert preference).
CREATE TABLE alert_rule (
  alert_rule_id_pk uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  serviceprovider_fk uuid NOT NULL REFERENCES serviceprovider (serviceprovider_id_pk) ON DELETE CASCADE,
  client_fk uuid REFERENCES client (client_id_pk) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  trigger text NOT NULL CHECK (trigger IN ('finding', 'score', 'ioa', 'collector', 'license')),
  -- finding/ioa: lowest severity that alerts; score: drop by at least score_drop points or below_grade.
  min_severity text CHECK (min_severity IN ('critical', 'high', 'medium', 'low', 'info')),
  score_drop integer CHECK (score_drop BETWEEN 1 AND 100),
  below_grade text,
  delivery text NOT NULL DEFAULT 'immediate' CHECK (delivery IN ('immediate', 'digest')),
  recipient_user_ids uuid[] NOT NULL DEFAULT '{}',
  webhook_ids uuid[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alert_rule_provider_idx ON alert_rule (serviceprovider_fk);

-- One row per rule, channel and cause: the unique key is what keeps an alert from being sent twice.
CREATE TABLE alert_sent (
  alert_rule_fk uuid NOT NULL REFERENCES alert_rule (alert_rule_id_pk) ON DELETE CASCADE,
  channel text NOT NULL,
  dedupe_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (alert_rule_fk, channel, dedupe_key)
);

-- Alerts of digest rules wait here until the daily digest mails them grouped per user.
CREATE TABLE alert_digest_item (
  alert_digest_item_id_pk bigserial PRIMARY KEY,
  user_fk uuid NOT NULL REFERENCES app_user (user_id_pk) ON DELETE CASCADE,
  serviceprovider_fk uuid NOT NULL REFERENCES serviceprovider (serviceprovider_id_pk) ON DELETE CASCADE,
  alert jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX alert_digest_item_pending_idx ON alert_digest_item (user_fk) WHERE sent_at IS NULL;

CREATE TABLE webhook_endpoint (
  webhook_id_pk uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  serviceprovider_fk uuid NOT NULL REFERENCES serviceprovider (serviceprovider_id_pk) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  kind text NOT NULL CHECK (kind IN ('json', 'teams', 'slack')),
  url text NOT NULL,
  -- HMAC key of the signature header, sealed with the SecretBox.
  secret_sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoint_provider_idx ON webhook_endpoint (serviceprovider_fk);

CREATE TABLE webhook_delivery (
  webhook_delivery_id_pk uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  webhook_fk uuid NOT NULL REFERENCES webhook_endpoint (webhook_id_pk) ON DELETE CASCADE,
  event text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_status_code integer,
  last_response text,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_delivery_webhook_idx ON webhook_delivery (webhook_fk, created_at DESC);
