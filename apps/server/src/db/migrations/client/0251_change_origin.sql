-- Issue 14: where and how often an attribute was last changed, from the object's replication metadata
-- (msDS-ReplAttributeMetaData / msDS-ReplValueMetaData): the originating DC (DN of its NTDS Settings) and the
-- attribute's version. Older collectors and Entra rows leave both empty.
ALTER TABLE change ADD COLUMN originating_dsa text, ADD COLUMN attribute_version integer;
