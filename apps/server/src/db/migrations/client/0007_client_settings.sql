-- Issue 7: per-client notes of licence changes (employee count, cancellation) for the client's own history.
CREATE TABLE license_event (
  license_event_id_pk bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('employee-count', 'cancel')),
  employee_count integer,
  actor_user_fk uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
