import type { CookieSerializeOptions } from '@fastify/cookie';

/** Cookies are Secure everywhere but on localhost, where browsers allow plain http (SPEC: session cookies). */
export function isLocalhost(publicUrl: string): boolean {
  const { hostname } = new URL(publicUrl);
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

export interface AuthCookies {
  session: string;
  csrf: string;
  state: string;
  options(maxAgeSeconds?: number): CookieSerializeOptions;
}

export function authCookies(publicUrl: string): AuthCookies {
  const secure = !isLocalhost(publicUrl);
  const prefix = secure ? '__Secure-' : '';
  return {
    session: `${prefix}burgwall.session-token`,
    csrf: `${prefix}burgwall.csrf-token`,
    state: `${prefix}burgwall.auth-state`,
    options: (maxAgeSeconds) => ({
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
    }),
  };
}
