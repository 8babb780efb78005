-- Runs with search_path set to the client's own schema.
CREATE TABLE status_collector (
  status_collector_id_pk integer PRIMARY KEY DEFAULT 1 CHECK (status_collector_id_pk = 1),
  version text,
  last_data_at timestamptz,
  last_replication_at timestamptz,
  cloud_last_replication_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO status_collector (status_collector_id_pk) VALUES (1);

CREATE TABLE domain (
  domain_id_pk uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  domain_name text NOT NULL,
  domain_distinguished_name text,
  domain_object_guid uuid,
  domain_entra_plan text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX domain_name_idx ON domain (lower(domain_name));
