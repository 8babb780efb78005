-- Issue 15: the finding page of a check reads its open findings in name order page by page (ioe/finding-page.ts).
-- Without this index every read sorted all findings of the check (400k in a 1M-object domain); with it a page reads
-- its own rows. The id keeps equal names in a stable order across pages.
CREATE INDEX finding_page_idx ON finding (ioe_fk, object_name, finding_id_pk);
