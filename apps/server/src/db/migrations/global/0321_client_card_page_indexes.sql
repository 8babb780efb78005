-- Issue 15 (bench/api): the provider's page of 24 client cards (GET /serviceprovider/{id}/clients/page) joined and
-- sorted every client of the provider to keep 24 (1,000 clients: 4 ms of PostgreSQL per page, German ICU collation
-- included). With the page's sort orders in an index per provider and mode, PostgreSQL reads the first rows of the
-- order and joins only those; the tie-breaker (client id) is part of each key, as the page orders by it.
CREATE INDEX client_card_name_idx ON client (serviceprovider_fk, client_mode, (client_name COLLATE "de-DE-x-icu"), client_id_pk);
CREATE INDEX client_card_score_asc_idx ON client (serviceprovider_fk, client_mode, client_security_score ASC NULLS FIRST, client_id_pk);
CREATE INDEX client_card_score_desc_idx ON client (serviceprovider_fk, client_mode, client_security_score DESC NULLS LAST, client_id_pk);
CREATE INDEX client_card_newest_idx ON client (serviceprovider_fk, client_mode, created_at DESC, client_id_pk);
