-- The collector health of every client in one global table, so a provider's client list (1,000 clients) is one query
-- instead of one query per client schema. Kept current by a trigger on each client's status_collector (client migration
-- 0120), so every writer of status_collector updates it without knowing about it.
CREATE TABLE IF NOT EXISTS public.client_collector_status (
  client_fk uuid PRIMARY KEY REFERENCES public.client (client_id_pk) ON DELETE CASCADE,
  last_data_at timestamptz,
  last_replication_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The client's id is its schema's name with '_' turned back into '-' (client-schema.ts).
CREATE OR REPLACE FUNCTION public.burgwall_copy_collector_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.client_collector_status (client_fk, last_data_at, last_replication_at, updated_at)
  VALUES (replace(TG_TABLE_SCHEMA, '_', '-')::uuid, NEW.last_data_at, NEW.last_replication_at, NEW.updated_at)
  ON CONFLICT (client_fk) DO UPDATE
    SET last_data_at = EXCLUDED.last_data_at, last_replication_at = EXCLUDED.last_replication_at, updated_at = EXCLUDED.updated_at;
  RETURN NEW;
END
$$;
