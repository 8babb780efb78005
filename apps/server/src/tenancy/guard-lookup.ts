/**
 * What the tenant guard reads from the database for a signed-in caller, in one round trip: whether the token's session
 * is still active (sign-out, a password change and removing a user end access at once, so this is read on every
 * request, never cached) and the client of the path with its provider — and, when the route asks, whether the
 * answer it keeps for that client is still current (`ClientProbe`), or the cards it keeps for the provider of the path.
 *
 * One named prepared statement of fixed text: PostgreSQL parses and plans it once per connection, and no query builder
 * runs per request. Under load each statement's round trip and planning were the largest part of a small read
 * (bench/api: ~0.2 ms of writev per round trip, the PostgreSQL backend's work included).
 */
import { ACTIVE_SESSION_CONDITION } from '../auth/session-store';
import { type Db, poolOf } from '../db/database';

export interface GuardLookup {
  /** True when the token has no session (external issuer) or its session is active. */
  sessionActive: boolean;
  /** The client of the path, if asked for and it exists. */
  client: { client_id_pk: string; serviceprovider_fk: string } | undefined;
  /** The answer of the probe, if one was asked for and the client exists. */
  probe: ProbeResult | undefined;
  /** The answer of the provider's probe, if one was asked for. */
  providerProbe: ProbeResult | undefined;
}

/** What the guard asks for a route that keeps answers per client: the PostgreSQL snapshot the kept answer was built from. */
export interface ClientProbe {
  snapshot: string;
}

/** The same for a route that keeps answers per provider (its client cards). */
export interface ProviderProbe {
  /** A canonical lower-case UUID. */
  providerId: string;
  snapshot: string;
}

export interface ProbeResult {
  /** The snapshot probed (a concurrent request may have replaced the kept answer since). */
  snapshot: string;
  /** Whether a transaction the snapshot did not see has written the answer's tables; null: unknown (build anew). */
  changed: boolean | null;
  /** The client's stored score as text (public.client: outside the client's recorded tables); null for a provider. */
  score: string | null;
}

const GUARD_STATEMENT = {
  name: 'burgwall_tenant_guard_2',
  text: `SELECT
    ($1::text IS NULL OR EXISTS (SELECT 1 FROM auth_session WHERE session_hash = $1::text AND ${ACTIVE_SESSION_CONDITION})) AS session_active,
    c.serviceprovider_fk AS provider_id,
    c.client_security_score::text AS score,
    CASE WHEN $3::text IS NOT NULL AND c.client_id_pk IS NOT NULL THEN burgwall_ioe_states_changed(c.client_id_pk, $3::text::pg_snapshot) END AS changed,
    CASE WHEN $5::text IS NOT NULL THEN burgwall_client_cards_changed($4::uuid, $5::text::pg_snapshot) END AS cards_changed
  FROM (SELECT 1) AS one LEFT JOIN client c ON c.client_id_pk = $2::uuid`,
};

interface GuardRow {
  session_active: boolean;
  provider_id: string | null;
  score: string | null;
  changed: boolean | null;
  cards_changed: boolean | null;
}

/** `clientId` must already be a canonical lower-case UUID (or undefined: no client in the path). */
export async function lookupSessionAndClient(
  db: Db,
  sessionId: string | undefined,
  clientId: string | undefined,
  probe?: ClientProbe,
  providerProbe?: ProviderProbe,
): Promise<GuardLookup> {
  if (sessionId === undefined && clientId === undefined) return { sessionActive: true, client: undefined, probe: undefined, providerProbe: undefined };
  const snapshot = clientId === undefined ? undefined : probe?.snapshot;
  const { rows } = await poolOf(db).query<GuardRow>({
    ...GUARD_STATEMENT,
    values: [sessionId ?? null, clientId ?? null, snapshot ?? null, providerProbe?.providerId ?? null, providerProbe?.snapshot ?? null],
  });
  const row = rows[0] as GuardRow;
  const client = clientId !== undefined && row.provider_id ? { client_id_pk: clientId, serviceprovider_fk: row.provider_id } : undefined;
  return {
    sessionActive: row.session_active,
    client,
    probe: client && snapshot !== undefined ? { snapshot, changed: row.changed, score: row.score } : undefined,
    providerProbe: providerProbe ? { snapshot: providerProbe.snapshot, changed: row.cards_changed, score: null } : undefined,
  };
}
