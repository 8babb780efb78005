-- Every client's score history in one global table, so the provider's morning overview (score trend, drop since last
-- week, clients with open critical findings) is one query over all clients instead of one query per client schema.
-- Kept current by a trigger on each client's score_history (client migration 0290), so every writer of score_history
-- (evaluation, recomputation after an exception, the demo seed) updates it without knowing about it.
CREATE TABLE IF NOT EXISTS public.client_score_history (
  client_fk uuid NOT NULL REFERENCES public.client (client_id_pk) ON DELETE CASCADE,
  score_history_fk bigint NOT NULL,
  score integer NOT NULL,
  open_critical_findings integer,
  computed_at timestamptz NOT NULL,
  PRIMARY KEY (client_fk, score_history_fk)
);
CREATE INDEX IF NOT EXISTS client_score_history_computed_idx ON public.client_score_history (client_fk, computed_at DESC);

-- The client's id is its schema's name with '_' turned back into '-' (client-schema.ts).
CREATE OR REPLACE FUNCTION public.burgwall_copy_score_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.client_score_history (client_fk, score_history_fk, score, open_critical_findings, computed_at)
  VALUES (replace(TG_TABLE_SCHEMA, '_', '-')::uuid, NEW.score_history_id_pk, NEW.score, NEW.open_critical_findings, NEW.computed_at)
  ON CONFLICT (client_fk, score_history_fk) DO UPDATE
    SET score = EXCLUDED.score, open_critical_findings = EXCLUDED.open_critical_findings, computed_at = EXCLUDED.computed_at;
  RETURN NEW;
END
$$;
