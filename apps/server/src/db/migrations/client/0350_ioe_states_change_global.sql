-- Runs with search_path set to the client's own schema. The dashboard's change records move to the global
-- `public.ioe_states_change` (global migration 0350: the guard's probe becomes a query of static text, planned once
-- per connection). The same six tables as in 0320, the same statement triggers, now writing there.
DO $$
DECLARE
  recorded text;
BEGIN
  FOREACH recorded IN ARRAY ARRAY['ioe', 'finding', 'finding_exception', 'status_collector', 'domain', 'score_history'] LOOP
    EXECUTE format('DROP TRIGGER ioe_states_change ON %I', recorded);
    EXECUTE format('CREATE TRIGGER ioe_states_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION public.burgwall_record_ioe_states_change()', recorded);
  END LOOP;
END
$$;
DROP FUNCTION record_ioe_states_change();
-- Its records go along: an answer kept before this migration may predate a transaction recorded only here.
INSERT INTO public.ioe_states_change (client_fk, xact, recorded_at)
  SELECT replace(current_schema(), '_', '-')::uuid, xact, recorded_at FROM ioe_states_change
  ON CONFLICT DO NOTHING;
DROP TABLE ioe_states_change;
