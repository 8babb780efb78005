import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new signing secret for a webhook (shown once, stored sealed). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/**
 * The signature header value: `t=<unix seconds>,v1=<hex HMAC-SHA256 over "<t>.<raw body>">`. The timestamp inside the
 * signed text lets the receiver refuse replays (docs/webhooks.md: reject when older than 5 minutes).
 */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/** The receiver's side, exactly as docs/webhooks.md describes it (used by the tests as a receiver would). */
export function verifyWebhookSignature(secret: string, body: string, header: string, now = Date.now(), toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) return false;
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
