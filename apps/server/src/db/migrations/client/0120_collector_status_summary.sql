-- Runs with search_path set to the client's own schema. Copies the collector status into
-- public.client_collector_status (global migration 0121) on every write, starting with the current row.
CREATE TRIGGER status_collector_summary AFTER INSERT OR UPDATE ON status_collector
  FOR EACH ROW EXECUTE FUNCTION public.burgwall_copy_collector_status();
INSERT INTO public.client_collector_status (client_fk, last_data_at, last_replication_at, updated_at)
  SELECT replace(current_schema(), '_', '-')::uuid, last_data_at, last_replication_at, updated_at
  FROM status_collector ORDER BY updated_at DESC LIMIT 1
  ON CONFLICT (client_fk) DO UPDATE
    SET last_data_at = EXCLUDED.last_data_at, last_replication_at = EXCLUDED.last_replication_at, updated_at = EXCLUDED.updated_at;
