-- Trigram indexes make the change-history search by object name fast on millions of rows (issue 6).
-- pg_trgm is a trusted extension (PostgreSQL >= 13), so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
