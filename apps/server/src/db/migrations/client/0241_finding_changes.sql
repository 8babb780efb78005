-- „Neu / behoben seit letzter Prüfung“ (issue 16). A Prüfung is the evaluation of new directory data (another AD or
-- Entra snapshot); re-evaluating the same data (thresholds, rescan) still belongs to the current Prüfung.
-- New findings are those first seen after previous_check_at; resolved ones are kept here with the time they went.
ALTER TABLE status_collector ADD COLUMN check_data_key text;
ALTER TABLE status_collector ADD COLUMN current_check_at timestamptz;
ALTER TABLE status_collector ADD COLUMN previous_check_at timestamptz;

CREATE TABLE finding_resolved (
  ioe_fk uuid NOT NULL REFERENCES ioe (ioe_id_pk) ON DELETE CASCADE,
  object_key text NOT NULL,
  object_type text NOT NULL,
  object_name text NOT NULL,
  distinguished_name text,
  first_seen_at timestamptz NOT NULL,
  resolved_at timestamptz NOT NULL,
  PRIMARY KEY (ioe_fk, object_key)
);
CREATE INDEX finding_resolved_resolved_at ON finding_resolved (resolved_at);
