-- Issue 15: the explorer and the Tier-0 routes query directory_object instead of loading a snapshot. The indexes
-- their queries need on a 1M-object directory (bench/scale/read-latency.ts; figures in bench/README.md).
--
-- Explorer search: a substring of the name or sAMAccountName, by a pg_trgm GIN index over both (pg_trgm: global
-- migration 0008). Measured with 1M synthetic objects (backend CPU of storing them, 2 cores, 2 runs each):
--   upload path (storeSnapshotPart, parts of 50,000):  0300's indexes 48 s | + trigram(name, sAMAccountName) 63 s
--                                                       | + trigram(name, sAMAccountName, DN) 78 s
--   INSERT … SELECT of the same rows:                   0300's indexes 16 s | + trigram(name, sAM) 23 s
--                                                       | + trigram(name, sAM, DN) 35 s | + two prefix btrees 21.5 s
-- The DN in the index would double its cost (a DN repeats its OUs and domain, ~3× the trigrams of name and login) for
-- a search by OU, and DN fragments such as "ou=" or "dc=" match every object; prefix btrees cost as much as the
-- trigrams of name and login but find "Muster" in "Eva Muster" only as a prefix. So: substring search over name and
-- sAMAccountName (trigrams), a whole DN by the DN index of 0300. A search takes at most 1,001 hits (the trigram
-- index finds rare ones, the kind/name index of 0300 common ones); on the 1M domain every search stays < 100 ms.
CREATE INDEX directory_object_search_idx ON directory_object USING gin ((lower(name || ' ' || coalesce(sam_account_name, ''))) public.gin_trgm_ops);
-- The planner picks trigram or name order by how many objects a needle matches: a finer histogram of the indexed text
-- (1,000 bounds instead of 100) tells a 0.1 % needle from a 1 % one.
ALTER INDEX directory_object_search_idx ALTER COLUMN 1 SET STATISTICS 1000;

-- Tier 0 (POST /client/:id/attack-paths/tier0): objects named by sAMAccountName (a computer's also without its "$"),
-- and by UPN (users) or host name (computers) — one expression for both, a user has no host name, a computer no UPN.
-- Each costs about 1.5 s per 1M objects at ingest (INSERT … SELECT above).
CREATE INDEX directory_object_sam_idx ON directory_object (snapshot_fk, lower(sam_account_name));
CREATE INDEX directory_object_alias_idx ON directory_object (snapshot_fk, lower(coalesce(data->>'userPrincipalName', data->>'dnsHostName')))
  WHERE kind IN ('users', 'computers');
