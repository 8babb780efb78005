-- Issue 15: change batches update the current snapshot's objects in place (snapshots/apply-changed-objects.ts), so a
-- snapshot id alone no longer tells whether its directory is still the one an analysis was made of.
-- changes_applied_at: when a change batch last changed this snapshot's objects or head (caches key on it).
-- domain_usn: the highest USN of the changes behind the domain head a change batch laid over the stored one (NULL: as
-- the full collection read it), so an older head arriving late never overwrites a newer one.
ALTER TABLE snapshot ADD COLUMN changes_applied_at timestamptz;
ALTER TABLE snapshot ADD COLUMN domain_usn bigint;
