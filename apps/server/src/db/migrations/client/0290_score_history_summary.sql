-- Runs with search_path set to the client's own schema. The number of open findings of critical checks at each
-- evaluation (null for points written before), and a copy of every point in public.client_score_history (global
-- migration 0290), starting with the existing history.
ALTER TABLE score_history ADD COLUMN IF NOT EXISTS open_critical_findings integer;
CREATE TRIGGER score_history_summary AFTER INSERT OR UPDATE ON score_history
  FOR EACH ROW EXECUTE FUNCTION public.burgwall_copy_score_history();
INSERT INTO public.client_score_history (client_fk, score_history_fk, score, open_critical_findings, computed_at)
  SELECT replace(current_schema(), '_', '-')::uuid, score_history_id_pk, score, open_critical_findings, computed_at
  FROM score_history
  ON CONFLICT (client_fk, score_history_fk) DO NOTHING;
