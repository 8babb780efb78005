-- Issue 14: findings within a minute of a change on the DC, without a full collection. A change batch carries the
-- changed objects as the collector maps them for a snapshot; they are kept here as patches of the snapshot that was
-- the newest when they arrived (object NULL = deleted), and every evaluation reads that snapshot with its patches laid
-- over it (snapshots/directory-patches.ts). A newer snapshot supersedes them.
CREATE TABLE directory_patch (
  snapshot_fk bigint NOT NULL REFERENCES snapshot (snapshot_id_pk) ON DELETE CASCADE,
  object_guid uuid NOT NULL,
  object_kind text NOT NULL,
  object jsonb,
  usn bigint NOT NULL,
  patched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (snapshot_fk, object_guid)
);

-- When a change-driven evaluation was queued and has not started yet: further change batches join it instead of
-- queueing their own (ioe/evaluation-jobs.ts, requestChangeEvaluation).
ALTER TABLE status_collector ADD COLUMN change_evaluation_queued_at timestamptz;
