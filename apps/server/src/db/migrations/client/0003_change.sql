-- Attribute-level directory changes reported by the collector (SPEC §3 "Database change event").
-- The collector (issue 4) writes rows; the IoA detection, change history and security log (issue 6) read them.
CREATE TABLE change (
  rep_id_pk bigserial PRIMARY KEY,
  object_guid uuid NOT NULL,
  object_class text NOT NULL,
  distinguished_name text NOT NULL,
  property_name text NOT NULL,
  old_value text,
  new_value text,
  "timestamp" timestamptz NOT NULL,
  usn bigint NOT NULL,
  -- Set when the changed object is a computer, group or user (its objectGUID); the others stay null.
  computer_fk uuid,
  group_fk uuid,
  user_fk uuid,
  domains_object_guid_fk uuid,
  is_ioa boolean NOT NULL DEFAULT false,
  is_ioe boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The same change can arrive twice when a collector retries an upload.
  UNIQUE (object_guid, property_name, usn)
);
CREATE INDEX change_timestamp_idx ON change ("timestamp" DESC);
CREATE INDEX change_object_idx ON change (object_guid, "timestamp" DESC);
