import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX, type ApiToken, type ApiTokenCreated, type ApiTokenScope } from '@burgwall/shared';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/** Tokens are 'bwt_' + 43 base64url characters (256 bits), so an unsalted SHA-256 is safe to store. */
const TOKEN_PATTERN = /^bwt_[A-Za-z0-9_-]{43}$/;
/** How much of the token the list shows (prefix plus a few characters of the secret, useless alone). */
const SHOWN_LENGTH = 12;

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whose a token is: one user (personal) or one provider. */
export type TokenOwner = { kind: 'personal'; userId: string } | { kind: 'serviceprovider'; providerId: string };

export interface NewApiToken {
  name: string;
  scopes: ApiTokenScope[];
  expiresAt: Date | null;
  createdByEmail: string;
}

type Row = {
  api_token_id_pk: string;
  name: string;
  token_prefix: string;
  scopes: string[];
  created_by_email: string;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
};

const COLUMNS = ['api_token_id_pk', 'name', 'token_prefix', 'scopes', 'created_by_email', 'created_at', 'expires_at', 'last_used_at', 'revoked_at'] as const;

function toApiToken(row: Row): ApiToken {
  return {
    tokenId: row.api_token_id_pk,
    name: row.name,
    prefix: row.token_prefix,
    scopes: row.scopes as ApiTokenScope[],
    createdBy: row.created_by_email,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}

const ownerColumns = (owner: TokenOwner) =>
  owner.kind === 'personal'
    ? { kind: 'personal' as const, user_fk: owner.userId, serviceprovider_fk: null }
    : { kind: 'serviceprovider' as const, user_fk: null, serviceprovider_fk: owner.providerId };

/** Creates a token and returns it in clear text: the only time it exists unhashed. */
export async function createApiToken(db: Db, owner: TokenOwner, input: NewApiToken): Promise<ApiTokenCreated> {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db
    .insertInto('api_token')
    .values({
      ...ownerColumns(owner),
      name: input.name,
      scopes: [...new Set(input.scopes)],
      expires_at: input.expiresAt,
      created_by_email: input.createdByEmail,
      token_prefix: token.slice(0, SHOWN_LENGTH),
      token_hash: hashApiToken(token),
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { ...toApiToken(row), token };
}

function ownedBy(owner: TokenOwner) {
  return owner.kind === 'personal'
    ? (query: ReturnType<typeof baseQuery>) => query.where('kind', '=', 'personal').where('user_fk', '=', owner.userId)
    : (query: ReturnType<typeof baseQuery>) => query.where('kind', '=', 'serviceprovider').where('serviceprovider_fk', '=', owner.providerId);
}

const baseQuery = (db: Db) => db.selectFrom('api_token').select(COLUMNS);

/** The owner's tokens that are not revoked, newest first (expired ones stay visible until revoked). */
export async function listApiTokens(db: Db, owner: TokenOwner): Promise<ApiToken[]> {
  const rows = await ownedBy(owner)(baseQuery(db)).where('revoked_at', 'is', null).orderBy('created_at', 'desc').execute();
  return rows.map(toApiToken);
}

/** Revokes one of the owner's tokens; false if there is none with that id (or it was revoked already). */
export async function revokeApiToken(db: Db, owner: TokenOwner, tokenId: string): Promise<boolean> {
  const columns = ownerColumns(owner);
  let query = db.updateTable('api_token').set({ revoked_at: sql<Date>`now()` }).where('api_token_id_pk', '=', tokenId).where('revoked_at', 'is', null).where('kind', '=', columns.kind);
  query = owner.kind === 'personal' ? query.where('user_fk', '=', owner.userId) : query.where('serviceprovider_fk', '=', owner.providerId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface PresentedToken {
  tokenId: string;
  name: string;
  owner: TokenOwner;
  scopes: ApiTokenScope[];
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** The stored token for a presented one (revoked and expired ones too, so the caller can say why it is refused). */
export async function findApiToken(db: Db, token: string): Promise<PresentedToken | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await db
    .selectFrom('api_token')
    .select(['api_token_id_pk', 'name', 'kind', 'user_fk', 'serviceprovider_fk', 'scopes', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', hashApiToken(token))
    .executeTakeFirst();
  if (!row) return null;
  const owner: TokenOwner = row.kind === 'personal' ? { kind: 'personal', userId: row.user_fk ?? '' } : { kind: 'serviceprovider', providerId: row.serviceprovider_fk ?? '' };
  return { tokenId: row.api_token_id_pk, name: row.name, owner, scopes: row.scopes as ApiTokenScope[], expiresAt: row.expires_at, revokedAt: row.revoked_at };
}

/** "Zuletzt verwendet": written at most once a minute per token, so a busy integration does not write on every call. */
export async function touchApiToken(db: Db, tokenId: string): Promise<void> {
  await db
    .updateTable('api_token')
    .set({ last_used_at: sql<Date>`now()` })
    .where('api_token_id_pk', '=', tokenId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]))
    .execute();
}
