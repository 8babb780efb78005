-- Issue 15 (bench/api): the tenant guard's two probes were planned on every call. `burgwall_ioe_states_changed` built
-- and EXECUTEd a query of the client's own `ioe_states_change`, and `burgwall_client_cards_changed`, a LANGUAGE sql
-- function PostgreSQL does not inline (its body has a subquery), was planned anew for each statement calling it.
-- pgbench, the guard's prepared statement, one backend: 0.07 ms without a probe, 0.17–0.18 ms with either probe,
-- 0.08–0.10 ms with a PL/pgSQL function of static SQL (its plan is kept per backend). At ~3,000 dashboard reads a
-- second that was a tenth of a core of PostgreSQL's time on a two-core machine.
--
-- So the dashboard's change records move from each client schema into this one table (client migration 0350 points
-- the six statement triggers here), and both probes become PL/pgSQL functions of static SQL.
CREATE TABLE ioe_states_change (
  client_fk uuid NOT NULL,
  xact xid8 NOT NULL,
  -- When the transaction first wrote (retention removes rows of finished transactions after a day).
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (client_fk, xact)
);

-- One row per writing transaction and client, never an update of a shared row (the reason of client migration 0320).
-- The client is the schema of the written table: its name is the client id with underscores.
CREATE FUNCTION burgwall_record_ioe_states_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.ioe_states_change (client_fk, xact) VALUES (replace(TG_TABLE_SCHEMA, '_', '-')::uuid, pg_current_xact_id())
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

-- Whether a transaction that the snapshot `seen` did not see has since written the client's dashboard tables; NULL
-- (unknown: the answer is rebuilt) while the client's schema still records its changes itself, i.e. until its
-- migration 0350 ran — an instance still serving it must not trust this table before then.
CREATE OR REPLACE FUNCTION burgwall_ioe_states_changed(client uuid, seen pg_snapshot) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF to_regclass(format('%I.ioe_states_change', replace(client::text, '-', '_'))) IS NOT NULL THEN
    RETURN NULL;
  END IF;
  -- Only transactions at or after the snapshot's xmin can be invisible to it: a few index entries.
  RETURN EXISTS (
    SELECT 1 FROM public.ioe_states_change
    WHERE client_fk = client AND xact >= pg_snapshot_xmin(seen) AND NOT pg_visible_in_snapshot(xact, seen)
  );
END
$$;

-- The same rule as in 0340, as PL/pgSQL so that its plan is kept.
CREATE OR REPLACE FUNCTION burgwall_client_cards_changed(provider uuid, seen pg_snapshot) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1 FROM public.client_cards_change
    WHERE serviceprovider_fk = provider AND xact >= pg_snapshot_xmin(seen) AND NOT pg_visible_in_snapshot(xact, seen)
  );
END
$$;
