-- Objects a client counts as Tier 0 besides the well-known ones (issue 20: e.g. a PAM, backup or management server).
-- Keyed like the attack-path nodes' objectKey (objectGUID; a GPO by its id), so renames and moves keep the entry.
CREATE TABLE tier0_extra (
  object_key text PRIMARY KEY,
  object_name text NOT NULL,
  object_kind text NOT NULL,
  distinguished_name text,
  added_by_email text,
  added_at timestamptz NOT NULL DEFAULT now()
);
