-- Runs with search_path set to the client's own schema. Issue 15 (bench/api): the dashboard read asked PostgreSQL on
-- every request for a digest of the rows its answer is built from (~1.6 ms of a request's ~2.5 ms). Instead, every
-- transaction that writes one of those tables leaves its transaction id here, and a kept answer stays valid while no
-- transaction that its build could not see has committed since (ioe/ioe-states-answer.ts): one index probe per read.
--
-- One row per writing transaction, never an update of a shared row: a version counter would be locked by the
-- evaluation's long transaction until its commit, so an exception or a collector heartbeat would wait for it.
CREATE TABLE ioe_states_change (
  xact xid8 PRIMARY KEY,
  -- When the transaction first wrote (retention removes rows of finished transactions after a day).
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- SET search_path FROM CURRENT: the trigger finds this schema's table whatever the writing session's search_path is.
CREATE FUNCTION record_ioe_states_change() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO ioe_states_change (xact) VALUES (pg_current_xact_id()) ON CONFLICT (xact) DO NOTHING;
  RETURN NULL;
END
$$;

-- Every table GET …/ioe/states reads in the client schema (the score lives in public.client and is read per request).
DO $$
DECLARE
  recorded text;
BEGIN
  FOREACH recorded IN ARRAY ARRAY['ioe', 'finding', 'finding_exception', 'status_collector', 'domain', 'score_history'] LOOP
    EXECUTE format('CREATE TRIGGER ioe_states_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION record_ioe_states_change()', recorded);
  END LOOP;
END
$$;
