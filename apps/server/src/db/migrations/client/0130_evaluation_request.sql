-- Evaluation runs as a job (ioe/evaluation-jobs.ts). Every store that needs a new evaluation counts up
-- evaluation_requested in its own transaction; a run records the count it started from in evaluation_done, so jobs
-- queued behind a run that already saw their data finish at once instead of evaluating the same state again.
ALTER TABLE status_collector ADD COLUMN evaluation_requested bigint NOT NULL DEFAULT 0;
ALTER TABLE status_collector ADD COLUMN evaluation_done bigint NOT NULL DEFAULT 0;
