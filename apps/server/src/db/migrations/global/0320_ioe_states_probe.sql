-- Issue 15 (bench/api): whether a transaction that the snapshot `seen` did not see has since written one of the tables
-- the client's dashboard answer is built from (the client's `ioe_states_change`, client migration 0320). The tenant
-- guard asks it in the query it runs anyway (tenancy/guard-lookup.ts), so a kept dashboard answer costs no second
-- round trip. NULL when the client's schema has no such table (not migrated yet): the caller then builds the answer.
CREATE FUNCTION burgwall_ioe_states_changed(client uuid, seen pg_snapshot) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
DECLARE
  changes regclass := to_regclass(format('%I.ioe_states_change', replace(client::text, '-', '_')));
  changed boolean;
BEGIN
  IF changes IS NULL THEN
    RETURN NULL;
  END IF;
  -- Only transactions at or after the snapshot's xmin can be invisible to it: a few index entries.
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %s WHERE xact >= pg_snapshot_xmin($1) AND NOT pg_visible_in_snapshot(xact, $1))', changes)
    INTO changed USING seen;
  RETURN changed;
END
$$;
