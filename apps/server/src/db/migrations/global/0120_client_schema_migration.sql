-- The last per-client migration applied to each client's schema. Start-up finds the clients to migrate with one query
-- instead of opening every schema (10,000 clients), and a run cut short resumes with the clients still behind.
-- NULL: not yet recorded (clients from before this column); their schema is checked once and then recorded.
ALTER TABLE public.client ADD COLUMN IF NOT EXISTS client_schema_migration text;
