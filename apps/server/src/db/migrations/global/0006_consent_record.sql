-- Cookie-consent decisions (SPEC §7: POST /your-endpoint-url after every change), one row per change.
-- No IP address or user id: the consent id (a random UUID in the visitor's cc_cookie) is the only link.
CREATE TABLE consent_record (
  consent_record_id_pk bigserial PRIMARY KEY,
  consent_id uuid NOT NULL,
  accept_type text NOT NULL CHECK (accept_type IN ('all', 'necessary', 'custom')),
  accepted_categories text[] NOT NULL,
  rejected_categories text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consent_record_consent_id_idx ON consent_record (consent_id, created_at DESC);
