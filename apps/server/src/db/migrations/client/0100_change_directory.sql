-- Entra ID changes between two collections are stored as change records next to the AD ones (issue 13); the
-- directory says which one a row belongs to. Entra rows: object_guid = the Entra object id (a GUID; the tenant id
-- for tenant-wide settings), distinguished_name = the UPN or display name, usn = position within the collection
-- (entra_snapshot id × 1 000 000 + n: Entra has no USN, and the key must stay unique per collection).
ALTER TABLE change ADD COLUMN directory text NOT NULL DEFAULT 'ad' CHECK (directory IN ('ad', 'entra'));
