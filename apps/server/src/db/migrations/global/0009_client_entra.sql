-- Issue 7: cloud identity (Entra ID) connection of a client. The certificate password and the private key
-- of the self-signed certificate are sealed with the server's SecretBox; the certificate itself is public.
CREATE TABLE client_entra (
  client_fk uuid PRIMARY KEY REFERENCES client (client_id_pk) ON DELETE CASCADE,
  application_id uuid,
  tenant_id uuid,
  cert_password_sealed text,
  private_key_sealed text,
  certificate_pem text,
  status text NOT NULL DEFAULT 'unvalidated' CHECK (status IN ('unvalidated', 'valid', 'invalid')),
  status_message text,
  validated_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
