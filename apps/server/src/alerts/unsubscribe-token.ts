import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens of unsubscribe links: an id and an HMAC of it under the app secret and a purpose, so the link works without
 * sign-in and cannot be forged for another id (nor reused for another purpose). They never expire (a mail from last
 * year must still unsubscribe).
 */
export type UnsubscribePurpose = 'alert' | 'mailing' | 'report';

const PURPOSES: Record<UnsubscribePurpose, string> = {
  // The alert purpose keeps its original prefix: links in mails already sent stay valid.
  alert: 'email-subscription:alert:',
  mailing: 'email-subscription:mailing:',
  // id: "<report schedule id>~<user id>" — one recipient of one scheduled report.
  report: 'email-subscription:report:',
};

function mac(secret: string, purpose: UnsubscribePurpose, id: string): string {
  return createHmac('sha256', secret).update(PURPOSES[purpose] + id).digest('base64url');
}

/** The token for a user's alert mails (purpose 'alert', the default), a mailing contact ('mailing') or a report recipient ('report'). */
export function unsubscribeToken(secret: string, id: string, purpose: UnsubscribePurpose = 'alert'): string {
  return `${id}.${mac(secret, purpose, id)}`;
}

/** The id of a valid token of that purpose, else null. */
export function verifyUnsubscribeToken(secret: string, token: string, purpose: UnsubscribePurpose = 'alert'): string | null {
  const [id, signature, ...rest] = token.split('.');
  if (!id || !signature || rest.length > 0 || !/^[0-9a-f-]{36}(~[0-9a-f-]{36})?$/i.test(id)) return null;
  const expected = Buffer.from(mac(secret, purpose, id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
