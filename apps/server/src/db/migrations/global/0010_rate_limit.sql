-- Request counters per key (client address + route, or e-mail address) in fixed windows, shared by every server
-- instance, so a brute-force limit holds behind a load balancer (apps/server/src/http/rate-limit/).
CREATE TABLE rate_limit_hit (
  key text PRIMARY KEY,
  count integer NOT NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_hit_reset_at ON rate_limit_hit (reset_at);

-- Failed sign-ins per account (normalized e-mail, also for unknown addresses): progressive lockout.
CREATE TABLE sign_in_failure (
  account text PRIMARY KEY,
  failures integer NOT NULL,
  locked_until timestamptz,
  last_failure_at timestamptz NOT NULL
);
