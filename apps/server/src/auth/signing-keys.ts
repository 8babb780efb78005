import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { sql } from 'kysely';
import type { SecretBox } from '../crypto/secret-box';
import type { Db } from '../db/database';

type PrivateKey = Awaited<ReturnType<typeof importJWK>>;

export interface SigningKey {
  kid: string;
  privateKey: PrivateKey;
  publicJwk: JWK;
  /** The private key as JWK, for the embedded OpenID provider's keystore. */
  privateJwk: JWK;
}

const ALGORITHM = 'RS256';
const KEY_LOCK = 4_711_002;

/** Loads the newest signing key, creating one (once, across instances) if there is none. */
export async function loadOrCreateSigningKey(db: Db, box: SecretBox): Promise<SigningKey> {
  const row = await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${KEY_LOCK})`.execute(trx);
    const existing = await trx.selectFrom('auth_signing_key').selectAll().orderBy('created_at', 'desc').executeTakeFirst();
    if (existing) return existing;
    const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALGORITHM, use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALGORITHM };
    return trx
      .insertInto('auth_signing_key')
      .values({ kid, private_jwk_sealed: box.seal(JSON.stringify(privateJwk)), public_jwk: JSON.stringify(publicJwk) })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  const privateJwk = JSON.parse(box.open(row.private_jwk_sealed)) as JWK;
  return {
    kid: row.kid,
    privateKey: await importJWK(privateJwk, ALGORITHM),
    publicJwk: row.public_jwk as JWK,
    privateJwk,
  };
}
