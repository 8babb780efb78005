-- Cross-tenant index of IoA events for the admin view (/admin/attacks): one row per event in a client schema,
-- written in the same transaction. The event itself (evidence) stays in the client's schema.
CREATE TABLE ioa_event_index (
  client_fk uuid NOT NULL REFERENCES client (client_id_pk) ON DELETE CASCADE,
  ioa_event_fk bigint NOT NULL,
  detector text NOT NULL,
  severity text NOT NULL,
  title text NOT NULL,
  distinguished_name text NOT NULL,
  occurred_at timestamptz NOT NULL,
  PRIMARY KEY (client_fk, ioa_event_fk)
);
CREATE INDEX ioa_event_index_occurred_idx ON ioa_event_index (occurred_at DESC, client_fk, ioa_event_fk DESC);
