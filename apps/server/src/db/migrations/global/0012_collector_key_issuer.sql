-- Who downloaded the installer that carries a key: when that user is removed, the keys they took along and never
-- activated are revoked (a key bound to a machine keeps running the client's collector; the client revokes it).
-- No foreign key: the issuer may be an external issuer's user, and the id only has to outlive the removal.
ALTER TABLE collector_key ADD COLUMN issued_by_user_fk uuid;
CREATE INDEX collector_key_issuer_idx ON collector_key (issued_by_user_fk);
