-- SaaS services and mailing (issue 19, SPEC §7 "Billing API": /saas/services and /saas/mailing).

-- Support tickets of signed-in users ("Support kontaktieren"); kept even when mailing the support mailbox fails.
CREATE TABLE support_ticket (
  support_ticket_id_pk uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- A short number that the German mail subject and the answer name („Support-Anfrage #12“).
  ticket_number bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  user_fk uuid REFERENCES app_user (user_id_pk) ON DELETE SET NULL,
  reporter_email text NOT NULL,
  reporter_role text NOT NULL,
  serviceprovider_fk uuid REFERENCES serviceprovider (serviceprovider_id_pk) ON DELETE SET NULL,
  client_fk uuid REFERENCES client (client_id_pk) ON DELETE SET NULL,
  category text NOT NULL CHECK (category IN ('frage', 'fehler', 'abrechnung', 'collector', 'sonstiges')),
  subject text NOT NULL CHECK (length(btrim(subject)) > 0),
  message text NOT NULL CHECK (length(btrim(message)) > 0),
  mail_delivered boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_ticket_user_idx ON support_ticket (user_fk, created_at DESC);

-- Contacts of the SaaS mailing lists: one row per address (lower-case), its lists in mailing_list_member.
CREATE TABLE mailing_contact (
  mailing_contact_id_pk uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  first_name text,
  last_name text,
  company text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE mailing_list_member (
  mailing_contact_fk uuid NOT NULL REFERENCES mailing_contact (mailing_contact_id_pk) ON DELETE CASCADE,
  list text NOT NULL CHECK (list IN ('registrierung', 'quickcheck', 'newsletter')),
  -- Where the entry came from (sign-up, quickcheck, admin, service), for the consent record.
  source text NOT NULL,
  consent_at timestamptz,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (mailing_contact_fk, list)
);

-- A contact who unsubscribed from a list (link or request) is never put back on it by a funnel; only an explicit
-- new consent (e.g. the newsletter box ticked again) or an admin removes the opt-out.
CREATE TABLE mailing_opt_out (
  mailing_contact_fk uuid NOT NULL REFERENCES mailing_contact (mailing_contact_id_pk) ON DELETE CASCADE,
  list text NOT NULL,
  opted_out_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (mailing_contact_fk, list)
);
