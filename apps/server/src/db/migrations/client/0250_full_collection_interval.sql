-- Issue 14: how often the collector makes a full collection (snapshot) is a client setting, read by the collector from
-- GET collector/config. Default: the former fixed 6 hours; at most once an hour, at least once a week.
ALTER TABLE status_collector
  ADD COLUMN full_collection_interval_hours integer NOT NULL DEFAULT 6
  CHECK (full_collection_interval_hours BETWEEN 1 AND 168);
