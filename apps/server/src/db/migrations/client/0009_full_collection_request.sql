-- "Jetzt neu auswerten" asks the collector for a full collection; it reads the request from GET collector/config
-- and the request is fulfilled once a snapshot arrives after it (last_data_at >= full_collection_requested_at).
ALTER TABLE status_collector ADD COLUMN full_collection_requested_at timestamptz;
