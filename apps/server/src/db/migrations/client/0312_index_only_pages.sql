-- Issue 15: a page in the middle of a 1M-object directory or of a 250k-finding check (bench/scale/read-latency.ts)
-- skipped its offset through the table: the page keys come off these indexes, but `lower(name)` needs the name and the
-- exception test the object key, so every skipped entry was fetched from the heap (explorer 373 ms, finding page
-- 280 ms p99 at offset 350k/123k). With those columns in the index the skipping is an index-only scan (explorer
-- 815 ms → 71 ms on the stored 1M domain, cold); the pages then read only their own rows.
DROP INDEX directory_object_kind_name_idx;
CREATE INDEX directory_object_kind_name_idx ON directory_object (snapshot_fk, kind, lower(name), object_guid) INCLUDE (name);
DROP INDEX finding_page_idx;
CREATE INDEX finding_page_idx ON finding (ioe_fk, object_name, finding_id_pk) INCLUDE (object_key);
