import { ProblemError } from '../http/problem';

/**
 * Clients whose schema this instance is still migrating after start-up. The server serves while old clients migrate,
 * but a client is served only when its schema is current: until then every access to its tables answers 503.
 */
const migrating = new Set<string>();

export const CLIENT_MIGRATING_DETAIL =
  'Die Daten dieses Kunden werden gerade auf die neue Programmversion umgestellt. Bitte versuchen Sie es in wenigen Minuten erneut.';

export function markClientsMigrating(clientIds: Iterable<string>): void {
  for (const clientId of clientIds) migrating.add(clientId);
}

export function markClientCurrent(clientId: string): void {
  migrating.delete(clientId);
}

export function clientsStillMigrating(): number {
  return migrating.size;
}

/** Throws a 503 problem while the client's schema is not yet current. */
export function assertClientSchemaCurrent(clientId: string): void {
  if (migrating.has(clientId)) throw new ProblemError(503, CLIENT_MIGRATING_DETAIL, { slug: 'client-migrating' });
}
