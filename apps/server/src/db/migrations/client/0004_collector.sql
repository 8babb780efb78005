-- Collector state per client (issue 4): initial scan progress and uploaded collector logs.
ALTER TABLE status_collector
  ADD COLUMN initial_scan_status text,
  ADD COLUMN initial_scan_at timestamptz;

CREATE TABLE collector_log (
  collector_log_id_pk bigserial PRIMARY KEY,
  log_name text NOT NULL,
  content text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collector_log_name_idx ON collector_log (log_name, received_at DESC);
