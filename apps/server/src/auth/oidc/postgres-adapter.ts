import { sql } from 'kysely';
import type { Db } from '../../db/database';

type Payload = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string; consumed?: number };

/**
 * oidc-provider's storage adapter on the table oidc_payload: sessions,
 * interactions, codes and grants live in PostgreSQL, so any server instance
 * can continue a sign-in another instance started.
 */
export function postgresAdapterFactory(db: Db) {
  return class PostgresAdapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresAt,
      };
      await db
        .insertInto('oidc_payload')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['model', 'id']).doUpdateSet({
            payload: row.payload,
            grant_id: row.grant_id,
            user_code: row.user_code,
            uid: row.uid,
            expires_at: row.expires_at,
          }),
        )
        .execute();
    }

    async #findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<Payload | undefined> {
      const row = await db
        .selectFrom('oidc_payload')
        .select(['payload', 'consumed_at'])
        .where('model', '=', this.model)
        .where(column, '=', value)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
        .executeTakeFirst();
      if (!row) return undefined;
      const payload = row.payload as Payload;
      return row.consumed_at ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : payload;
    }

    find(id: string) {
      return this.#findWhere('id', id);
    }

    findByUid(uid: string) {
      return this.#findWhere('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.#findWhere('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable('oidc_payload')
        .set({ consumed_at: sql<Date>`now()` })
        .where('model', '=', this.model)
        .where('id', '=', id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_payload').where('model', '=', this.model).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payload').where('grant_id', '=', grantId).execute();
    }
  };
}

/**
 * Ends every identity-provider session of the account, with its grants, codes and tokens (end-session, a new
 * password): a remaining provider session would sign the browser in again without asking for the password.
 */
export async function destroyProviderSessions(db: Db, accountId: string): Promise<number> {
  const result = await db
    .deleteFrom('oidc_payload')
    .where(sql<string>`payload->>'accountId'`, '=', accountId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
