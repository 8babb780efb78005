-- Issue 15 (bench/scale): one partition of directory_object per snapshot. An upload's rows go into a table with only
-- its primary key and read-back order; the explorer's indexes are built per partition after the snapshot's evaluation
-- (snapshots/directory-partition.ts). At a million objects the six secondary indexes, kept current row by row while
-- the parts arrived, cost PostgreSQL ~16 s of CPU more than building them afterwards, on the upload's path
-- (bench/README.md, "One partition per snapshot"). A superseded snapshot's rows go by dropping its table.
--
-- The parent carries the primary key and the order index (partitioned indexes: every partition gets its own when
-- attached); the explorer's indexes are the partitions' own. The rows stored so far stay where they are: the old
-- table, with all its indexes, becomes the partition of every snapshot stored before (`directory_object_legacy`; a
-- change batch may still add rows to the current one), or goes when the client has no snapshot yet.
ALTER TABLE directory_object RENAME TO directory_object_legacy;
ALTER TABLE directory_object_legacy RENAME CONSTRAINT directory_object_pkey TO directory_object_legacy_pkey;
ALTER INDEX directory_object_order_idx RENAME TO directory_object_legacy_order_idx;

CREATE TABLE directory_object (LIKE directory_object_legacy INCLUDING DEFAULTS) PARTITION BY LIST (snapshot_fk);
ALTER TABLE directory_object ADD PRIMARY KEY (snapshot_fk, object_guid);
CREATE INDEX directory_object_order_idx ON directory_object (snapshot_fk, part_no, seq);

DO $$
DECLARE
  snapshot_ids text;
BEGIN
  SELECT string_agg(snapshot_id_pk::text, ', ') INTO snapshot_ids FROM snapshot;
  IF snapshot_ids IS NULL THEN
    DROP TABLE directory_object_legacy;
  ELSE
    EXECUTE format('ALTER TABLE directory_object ATTACH PARTITION directory_object_legacy FOR VALUES IN (%s)', snapshot_ids);
  END IF;
END $$;
