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

-- Issue 14's patches become changes of the newest snapshot's rows, with the semantics of the overlay they replace
-- (snapshots/apply-changed-objects.ts applies every change batch from now on the same way). The overlay only ever read
-- the patches of the newest snapshot: others (left by a change batch racing a new snapshot) go unread.
DELETE FROM directory_patch
WHERE snapshot_fk IS DISTINCT FROM (SELECT snapshot_id_pk FROM snapshot ORDER BY collected_at DESC, snapshot_id_pk DESC LIMIT 1);
-- What the rows held before the patches replace or delete them: the other ends of their links are edited below.
ALTER TABLE directory_patch ADD COLUMN stored_dn text, ADD COLUMN stored_members jsonb, ADD COLUMN stored_member_of jsonb;
UPDATE directory_patch p SET stored_dn = d.distinguished_name, stored_members = d.data->'members', stored_member_of = d.data->'memberOf'
FROM directory_object d WHERE d.snapshot_fk = p.snapshot_fk AND d.object_guid = p.object_guid;

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

-- The lists that link objects by DN: a deleted object leaves the members of its groups, the memberOf of its members
-- and every list of a patched object; memberOf follows a patched group's member list (AD reports a membership as a
-- change of the group only): members it lost lose the group, members it gained get it.
WITH deleted AS (
  SELECT stored_dn AS dn, coalesce(stored_members, '[]'::jsonb) AS members, coalesce(stored_member_of, '[]'::jsonb) AS member_of
  FROM directory_patch WHERE object IS NULL AND stored_dn IS NOT NULL
), patched_group AS (
  SELECT object->>'distinguishedName' AS dn, coalesce(stored_members, '[]'::jsonb) AS old_members, coalesce(object->'members', '[]'::jsonb) AS new_members
  FROM directory_patch WHERE object_kind = 'groups' AND object IS NOT NULL
), edit (target, list, drop_dn, add_dn) AS (
  SELECT lower(t), 'members', lower(x.dn), NULL FROM deleted x, jsonb_array_elements_text(x.member_of) t
  UNION ALL
  SELECT lower(t), 'memberOf', lower(x.dn), NULL FROM deleted x, jsonb_array_elements_text(x.members) t
  UNION ALL
  SELECT lower(p.object->>'distinguishedName'), l.list, lower(x.dn), NULL
  FROM directory_patch p CROSS JOIN deleted x CROSS JOIN (VALUES ('members'), ('memberOf')) AS l (list) WHERE p.object IS NOT NULL
  UNION ALL
  SELECT lower(m), 'memberOf', lower(g.dn), NULL FROM patched_group g, jsonb_array_elements_text(g.old_members) m
  WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements_text(g.new_members) n WHERE lower(n) = lower(m))
  UNION ALL
  SELECT lower(m), 'memberOf', lower(g.dn), g.dn FROM patched_group g, jsonb_array_elements_text(g.new_members) m
  WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements_text(g.old_members) o WHERE lower(o) = lower(m))
), per_target AS (
  SELECT target, array_agg(drop_dn) FILTER (WHERE list = 'members') AS drop_members, array_agg(drop_dn) FILTER (WHERE list = 'memberOf') AS drop_member_of,
    coalesce(jsonb_agg(to_jsonb(add_dn)) FILTER (WHERE add_dn IS NOT NULL), '[]'::jsonb) AS add_member_of
  FROM edit GROUP BY target
)
UPDATE directory_object d SET data = d.data
  || CASE WHEN t.drop_members IS NOT NULL AND jsonb_typeof(d.data->'members') = 'array' THEN jsonb_build_object('members', (
       SELECT coalesce(jsonb_agg(e.value ORDER BY e.position), '[]'::jsonb) FROM jsonb_array_elements(d.data->'members') WITH ORDINALITY AS e (value, position)
       WHERE lower(e.value #>> '{}') <> ALL (t.drop_members))) ELSE '{}'::jsonb END
  || CASE WHEN t.drop_member_of IS NOT NULL AND jsonb_typeof(d.data->'memberOf') = 'array' THEN jsonb_build_object('memberOf', (
       SELECT coalesce(jsonb_agg(e.value ORDER BY e.position), '[]'::jsonb) FROM jsonb_array_elements(d.data->'memberOf') WITH ORDINALITY AS e (value, position)
       WHERE lower(e.value #>> '{}') <> ALL (t.drop_member_of)) || t.add_member_of) ELSE '{}'::jsonb END
FROM per_target t
WHERE d.snapshot_fk IN (SELECT snapshot_fk FROM directory_patch) AND lower(d.distinguished_name) = t.target;

UPDATE snapshot s SET data = jsonb_set(s.data, '{domain}', (s.data->'domain') || p.object)
FROM directory_patch p WHERE p.snapshot_fk = s.snapshot_id_pk AND p.object_kind = 'domain' AND p.object IS NOT NULL;
DROP TABLE directory_patch;

-- The newest snapshot counts its objects per list (every list named, as a commit does) and keeps only its head.
UPDATE snapshot s SET object_counts = (
  SELECT jsonb_object_agg(lists.kind, (SELECT count(*) FROM directory_object d WHERE d.snapshot_fk = s.snapshot_id_pk AND d.kind = lists.kind))
  FROM (VALUES ('users'), ('computers'), ('groups'), ('organizationalUnits'), ('gpos'), ('trusts'), ('passwordSettings')) AS lists (kind)
), committed_at = created_at
WHERE s.snapshot_id_pk = (SELECT snapshot_id_pk FROM snapshot ORDER BY collected_at DESC, snapshot_id_pk DESC LIMIT 1);
UPDATE snapshot SET data = data - 'users' - 'computers' - 'groups' - 'organizationalUnits' - 'gpos' - 'trusts' - 'passwordSettings'
WHERE object_counts IS NOT NULL;
