import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of the unsubscribe link in every alert mail: the user id and an HMAC of it under the app secret, so the
 * link works without sign-in and cannot be forged for another user. It never expires (a mail from last year must
 * still unsubscribe).
 */
const PURPOSE = 'email-subscription:alert:';

function mac(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(PURPOSE + userId).digest('base64url');
}

export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${mac(secret, userId)}`;
}

/** The user id of a valid token, else null. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const [userId, signature, ...rest] = token.split('.');
  if (!userId || !signature || rest.length > 0 || !/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const expected = Buffer.from(mac(secret, userId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}
