import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Double-submit CSRF protection as NextAuth does it: the cookie holds
 * `token|hmac(token)`, the form must repeat `token`. The HMAC keeps a cookie
 * planted by a sibling subdomain from being accepted.
 */
export class CsrfTokens {
  constructor(private readonly secret: string) {}

  #mac(token: string): string {
    return createHmac('sha256', this.secret).update(`csrf:${token}`).digest('base64url');
  }

  /** A valid token from the cookie value, or undefined. */
  fromCookie(cookie: string | undefined): string | undefined {
    const [token, mac] = cookie?.split('|') ?? [];
    if (!token || !mac) return undefined;
    const expected = Buffer.from(this.#mac(token));
    const actual = Buffer.from(mac);
    return expected.length === actual.length && timingSafeEqual(expected, actual) ? token : undefined;
  }

  create(): { token: string; cookie: string } {
    const token = randomBytes(32).toString('hex');
    return { token, cookie: `${token}|${this.#mac(token)}` };
  }

  matches(cookie: string | undefined, submitted: unknown): boolean {
    const token = this.fromCookie(cookie);
    if (!token || typeof submitted !== 'string' || submitted.length !== token.length) return false;
    return timingSafeEqual(Buffer.from(token), Buffer.from(submitted));
  }
}
