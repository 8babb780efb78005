-- Issue 15 (bench/api): GraphQL `client_by_pk` read the client row and then, in a second round trip, the client's
-- status_collector and domain rows from its own schema (each round trip ~0.1 ms of a socket write plus the backend's
-- wake-up, on a request of ~0.6 ms). This reads both lists as one JSON value, so the row and its lists come in one
-- statement of fixed text (graphql/tenant-types.ts). NULL when the client has no schema (yet).
CREATE FUNCTION burgwall_client_lists(client uuid) RETURNS json
LANGUAGE plpgsql STABLE AS $$
DECLARE
  schema_name text := replace(client::text, '-', '_');
  lists json;
BEGIN
  IF to_regclass(format('%I.domain', schema_name)) IS NULL THEN
    RETURN NULL;
  END IF;
  EXECUTE format($query$SELECT json_build_object(
      'status_collector', (SELECT coalesce(json_agg(json_build_object('version', version)), '[]'::json) FROM %1$I.status_collector),
      'domains', (SELECT coalesce(json_agg(json_build_object('domain_name', domain_name, 'domain_entra_plan', domain_entra_plan) ORDER BY domain_name), '[]'::json) FROM %1$I.domain)
    )$query$, schema_name)
    INTO lists;
  RETURN lists;
END
$$;
