-- Outcome of the last Entra ID collection through Microsoft Graph (the connection tab shows it).
ALTER TABLE client_entra
  ADD COLUMN collected_at timestamptz,
  ADD COLUMN collection_status text CHECK (collection_status IN ('ok', 'failed')),
  ADD COLUMN collection_message text;
