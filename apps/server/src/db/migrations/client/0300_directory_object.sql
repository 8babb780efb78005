-- Issue 15: the directory stored per object instead of one JSON value per snapshot (a value of ~200 MB was the end:
-- PostgreSQL's jsonb limit, V8's string limit, and every read loaded all of it).
--
-- A snapshot row keeps only the snapshot's head in `data` (domain head, AD CS, scripts, well-known principals); its
-- objects (users, computers, groups, OUs, GPOs, trusts, password settings) are rows of `directory_object`. Object rows
-- exist only for the client's current snapshot and for an upload still being received: older snapshots keep their
-- head and counts (nothing reads their objects; retention removes superseded rows). Change batches update the current
-- snapshot's rows, so the stored directory is always current.

-- 'receiving': begun, parts arriving, not yet committed (never read as a snapshot); 'complete': committed.
ALTER TABLE snapshot ADD COLUMN state text NOT NULL DEFAULT 'complete' CHECK (state IN ('receiving', 'complete'));
ALTER TABLE snapshot ADD COLUMN object_counts jsonb;
ALTER TABLE snapshot ADD COLUMN committed_at timestamptz;
DROP INDEX IF EXISTS snapshot_collected_at_idx;
CREATE INDEX snapshot_complete_newest_idx ON snapshot (collected_at DESC, snapshot_id_pk DESC) WHERE state = 'complete';

-- The parts of an upload that arrived (a part sent again replaces its rows: parts are idempotent).
CREATE TABLE snapshot_part (
  snapshot_fk bigint NOT NULL REFERENCES snapshot (snapshot_id_pk) ON DELETE CASCADE,
  part_no integer NOT NULL CHECK (part_no > 0),
  object_count integer NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (snapshot_fk, part_no)
);

CREATE TABLE directory_object (
  snapshot_fk bigint NOT NULL REFERENCES snapshot (snapshot_id_pk) ON DELETE CASCADE,
  object_guid uuid NOT NULL,
  -- The snapshot list the object belongs to (DIRECTORY_OBJECT_KINDS in packages/shared).
  kind text NOT NULL,
  distinguished_name text NOT NULL,
  -- What lists show: the object's name (a GPO's display name), its DN when it has none.
  name text NOT NULL,
  sam_account_name text,
  object_sid text,
  usn_changed bigint NOT NULL DEFAULT 0,
  -- Where the object came from: its upload part and line (the order a snapshot's lists are read back in); objects a
  -- change batch added get part_no 2147483647 (after every part), seq = their USN.
  part_no integer NOT NULL,
  seq bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The object's complete snapshot form, as validated at upload (defaults applied): what the checks read.
  data jsonb NOT NULL,
  PRIMARY KEY (snapshot_fk, object_guid)
);
-- Reading a snapshot back in its order, and replacing one part's rows.
CREATE INDEX directory_object_order_idx ON directory_object (snapshot_fk, part_no, seq);
-- Explorer pages by kind and name; lookups by DN (member lists, memberOf upkeep) and by SID.
CREATE INDEX directory_object_kind_name_idx ON directory_object (snapshot_fk, kind, lower(name), object_guid);
CREATE INDEX directory_object_dn_idx ON directory_object (snapshot_fk, lower(distinguished_name));
CREATE INDEX directory_object_sid_idx ON directory_object (snapshot_fk, object_sid) WHERE object_sid IS NOT NULL;

-- The newest snapshot of an existing client becomes rows; its lists leave its head.
WITH newest AS (
  SELECT snapshot_id_pk, data FROM snapshot ORDER BY collected_at DESC, snapshot_id_pk DESC LIMIT 1
), lists (kind, ordinal) AS (
  VALUES ('users', 1), ('computers', 2), ('groups', 3), ('organizationalUnits', 4), ('gpos', 5), ('trusts', 6), ('passwordSettings', 7)
)
INSERT INTO directory_object (snapshot_fk, object_guid, kind, distinguished_name, name, sam_account_name, object_sid, usn_changed, part_no, seq, data)
SELECT newest.snapshot_id_pk, (o.value->>'objectGuid')::uuid, lists.kind, o.value->>'distinguishedName',
  coalesce(nullif(CASE lists.kind WHEN 'gpos' THEN o.value->>'displayName' ELSE o.value->>'name' END, ''), o.value->>'distinguishedName'),
  o.value->>'sAMAccountName', o.value->>'objectSid',
  coalesce((o.value->>'usnChanged')::bigint, 0), lists.ordinal, o.ordinality, o.value
FROM newest CROSS JOIN lists
CROSS JOIN LATERAL jsonb_array_elements(coalesce(newest.data->lists.kind, '[]'::jsonb)) WITH ORDINALITY AS o (value, ordinality)
ON CONFLICT (snapshot_fk, object_guid) DO NOTHING;

-- Issue 14's patches of the newest snapshot become updates of its rows (deleted objects leave).
DELETE FROM directory_object d USING directory_patch p
WHERE p.snapshot_fk = d.snapshot_fk AND p.object_guid = d.object_guid AND p.object IS NULL;
INSERT INTO directory_object (snapshot_fk, object_guid, kind, distinguished_name, name, sam_account_name, object_sid, usn_changed, part_no, seq, data)
SELECT p.snapshot_fk, p.object_guid, p.object_kind, p.object->>'distinguishedName',
  coalesce(nullif(CASE p.object_kind WHEN 'gpos' THEN p.object->>'displayName' ELSE p.object->>'name' END, ''), p.object->>'distinguishedName'),
  p.object->>'sAMAccountName', p.object->>'objectSid', p.usn, 2147483647, p.usn, p.object
FROM directory_patch p
WHERE p.object IS NOT NULL AND p.object_kind <> 'domain'
  AND p.object_kind IN ('users', 'computers', 'groups', 'organizationalUnits', 'gpos', 'trusts', 'passwordSettings')
ON CONFLICT (snapshot_fk, object_guid) DO UPDATE SET data = excluded.data, distinguished_name = excluded.distinguished_name,
  name = excluded.name, sam_account_name = excluded.sam_account_name, object_sid = excluded.object_sid, usn_changed = excluded.usn_changed;
UPDATE snapshot s SET data = jsonb_set(s.data, '{domain}', (s.data->'domain') || p.object)
FROM directory_patch p WHERE p.snapshot_fk = s.snapshot_id_pk AND p.object_kind = 'domain' AND p.object IS NOT NULL;
DROP TABLE directory_patch;

UPDATE snapshot s SET object_counts = coalesce((
  SELECT jsonb_object_agg(kind, n) FROM (SELECT kind, count(*) AS n FROM directory_object d WHERE d.snapshot_fk = s.snapshot_id_pk GROUP BY kind) c
), '{}'::jsonb), committed_at = created_at
WHERE EXISTS (SELECT 1 FROM directory_object d WHERE d.snapshot_fk = s.snapshot_id_pk);
UPDATE snapshot SET data = data - 'users' - 'computers' - 'groups' - 'organizationalUnits' - 'gpos' - 'trusts' - 'passwordSettings'
WHERE object_counts IS NOT NULL;
