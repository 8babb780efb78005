const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class InvalidClientIdError extends Error {
  constructor(value: unknown) {
    super(`Invalid client id ${JSON.stringify(String(value)).slice(0, 80)}: expected a lower-case UUID`);
  }
}

export function isClientId(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/**
 * The name of a client's own schema: its uuid with '-' turned into '_'.
 * Only canonical lower-case UUIDs are accepted, so the result can never carry
 * SQL (it is still always quoted as an identifier).
 */
export function clientSchemaName(clientId: string): string {
  if (!isClientId(clientId)) throw new InvalidClientIdError(clientId);
  return clientId.replaceAll('-', '_');
}
