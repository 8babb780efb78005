-- Runs with search_path set to the client's own schema. Issue 15 (bench/scale): the two tables written in bulk — a
-- million directory objects per full collection of a large domain, ~550k findings at its first evaluation — paid a
-- foreign-key check per row: PostgreSQL runs its referential-integrity trigger (a lookup with FOR KEY SHARE) for every
-- inserted row. Measured on a 300k-object directory, 100k rows INSERT … SELECT: 3.71 s with the key, 3.07 s without;
-- 200k findings: 2.96 s with, 1.74 s without.
--
-- The writers keep what the keys guarded, in the same transaction:
-- - directory_object.snapshot_fk: a part is stored only after its snapshot row was read FOR SHARE (so it exists and
--   cannot be deleted until the part commits), change batches write only to the newest complete snapshot, which
--   retention never deletes; retention deletes the object rows of the snapshots it deletes (the cascade did that).
-- - finding.ioe_fk: the evaluation writes only ids of the IoE rows it just read; IoE rows are never deleted (one per
--   registered check, for the client's lifetime), and a client's rows go with its schema.
ALTER TABLE directory_object DROP CONSTRAINT IF EXISTS directory_object_snapshot_fk_fkey;
ALTER TABLE finding DROP CONSTRAINT IF EXISTS finding_ioe_fk_fkey;
