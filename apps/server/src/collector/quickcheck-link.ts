import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

const VALID_MS = 14 * 24 * 60 * 60 * 1000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A download link for the quick-check prospect (no account): /meta/quickcheck/installer?client=…&token=… */
export async function issueQuickcheckLink(db: Db, publicBase: string, clientId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insertInto('quickcheck_download_token').values({ token_hash: hash(token), client_fk: clientId, expires_at: new Date(Date.now() + VALID_MS) }).execute();
  return `${publicBase}/meta/quickcheck/installer?${new URLSearchParams({ client: clientId, token }).toString()}`;
}

/** Whether the token is a valid, unexpired link for exactly this quick-check client. */
export async function verifyQuickcheckToken(db: Db, clientId: string, token: string): Promise<boolean> {
  if (!/^[\w-]{43}$/.test(token)) return false;
  const row = await db
    .selectFrom('quickcheck_download_token')
    .innerJoin('client', 'client.client_id_pk', 'quickcheck_download_token.client_fk')
    .select('client_fk')
    .where('token_hash', '=', hash(token))
    .where('expires_at', '>', new Date())
    .where('client.client_mode', '=', 'quickcheck')
    .executeTakeFirst();
  return row?.client_fk === clientId;
}
