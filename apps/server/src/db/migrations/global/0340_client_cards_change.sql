-- Issue 15 (bench/api): the provider's client cards (GET /serviceprovider/{id}/clients/page and …/clients) were built on
-- every request (one more round trip, the query built and planned, the cards serialised and compressed: ~1.7 ms of CPU
-- for a page of 24 of 1,000 clients, ~10 ms for all 1,000). As the dashboard does for a client (0320), a kept answer
-- stays valid while no transaction that its build could not see has written what the cards show: the provider's
-- clients, their licences and their collector times (providers/client-cards-answer.ts). Every such transaction leaves
-- its id here, per provider.
--
-- One row per provider and writing transaction, never an update of a shared row: a counter would be locked by the
-- evaluation's transaction (it writes the score) until its commit, and a collector's upload of another client would
-- wait for it.
CREATE TABLE client_cards_change (
  serviceprovider_fk uuid NOT NULL,
  xact xid8 NOT NULL,
  -- When the transaction first wrote (retention removes rows of finished transactions after a day).
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (serviceprovider_fk, xact)
);

-- Row triggers: a statement on client_license or client_collector_status does not say whose provider it touched.
CREATE FUNCTION burgwall_record_client_cards_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'client' THEN
    IF TG_OP <> 'DELETE' THEN
      INSERT INTO public.client_cards_change (serviceprovider_fk, xact) VALUES (NEW.serviceprovider_fk, pg_current_xact_id()) ON CONFLICT DO NOTHING;
    END IF;
    -- An update may move the client to another provider: both lists changed.
    IF TG_OP <> 'INSERT' THEN
      INSERT INTO public.client_cards_change (serviceprovider_fk, xact) VALUES (OLD.serviceprovider_fk, pg_current_xact_id()) ON CONFLICT DO NOTHING;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO public.client_cards_change (serviceprovider_fk, xact)
      SELECT serviceprovider_fk, pg_current_xact_id() FROM public.client WHERE client_id_pk = OLD.client_fk ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO public.client_cards_change (serviceprovider_fk, xact)
      SELECT serviceprovider_fk, pg_current_xact_id() FROM public.client WHERE client_id_pk = NEW.client_fk ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

-- Everything a card shows comes from these three tables (providers/client-cards.ts).
CREATE TRIGGER client_cards_change AFTER INSERT OR UPDATE OR DELETE ON client
  FOR EACH ROW EXECUTE FUNCTION burgwall_record_client_cards_change();
CREATE TRIGGER client_cards_change AFTER INSERT OR UPDATE OR DELETE ON client_license
  FOR EACH ROW EXECUTE FUNCTION burgwall_record_client_cards_change();
CREATE TRIGGER client_cards_change AFTER INSERT OR UPDATE OR DELETE ON client_collector_status
  FOR EACH ROW EXECUTE FUNCTION burgwall_record_client_cards_change();

-- Whether a transaction that the snapshot `seen` did not see has since written the provider's cards. The tenant guard
-- asks it in the query it runs anyway (tenancy/guard-lookup.ts). Only transactions at or after the snapshot's xmin can
-- be invisible to it: a few index entries.
CREATE FUNCTION burgwall_client_cards_changed(provider uuid, seen pg_snapshot) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM public.client_cards_change
    WHERE serviceprovider_fk = provider AND xact >= pg_snapshot_xmin(seen) AND NOT pg_visible_in_snapshot(xact, seen)
  )
$$;
