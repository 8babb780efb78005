import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../../db/database';
import { throttle } from '../../http/rate-limit/count-hit';
import { verifyPasswordOfAccount } from '../passwords';
import { clearFailedSignIns, lockedOutMessage, lockoutMinutesLeft, recordFailedSignIn } from '../sign-in-lockout';
import { findUserByEmail } from '../users';
import { OIDC_MOUNT_PATH } from './embedded-provider';
import { type DemoAccount, renderSignInPage } from './sign-in-page';

export interface SignInOptions {
  demo?: { password: string; accounts: readonly DemoAccount[] };
  /** PUBLIC_URL: the only host and scheme the provider's URLs (discovery, redirects) are built from. */
  publicUrl: string;
  /** The sign-in page's Content-Security-Policy (allows the demo box's inline script by its hash). */
  contentSecurityPolicy: string;
  /** Sign-in attempts per client address and minute (AUTH_ATTEMPTS_PER_MINUTE). */
  attemptsPerMinute: number;
}

/**
 * oidc-provider builds its endpoint URLs from the request's Host and X-Forwarded-* headers. A client must not choose
 * them (a forged X-Forwarded-Host would put its own host into the discovery document), so every request reaches the
 * provider with the headers of PUBLIC_URL, whatever it arrived with.
 */
function pinToPublicUrl(raw: FastifyRequest['raw'], publicUrl: string): void {
  const { host, protocol } = new URL(publicUrl);
  raw.headers.host = host;
  raw.headers['x-forwarded-host'] = host;
  raw.headers['x-forwarded-proto'] = protocol.replace(':', '');
  delete raw.headers.forwarded;
}

const WRONG_CREDENTIALS = 'E-Mail-Adresse oder Passwort ist falsch.';
const EXPIRED = 'Die Anmeldung ist abgelaufen. Bitte starten Sie sie erneut.';
const TOO_MANY_ATTEMPTS = 'Zu viele Anmeldeversuche von Ihrer Adresse. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.';

/**
 * Mounts the embedded provider under /oidc: the sign-in interaction is
 * rendered by Fastify, everything else goes to oidc-provider untouched (its
 * own body parsing, hence no Fastify content-type parsers in that scope).
 */
export async function registerEmbeddedProvider(
  app: FastifyInstance,
  provider: Provider,
  db: Db,
  options: SignInOptions,
): Promise<void> {
  const page = (reply: FastifyReply, uid: string, extra: { email?: string; error?: string } = {}, status = 200) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('content-security-policy', options.contentSecurityPolicy)
      .type('text/html; charset=utf-8')
      .send(renderSignInPage({ action: `${OIDC_MOUNT_PATH}/interaction/${uid}/login`, demo: options.demo, ...extra }));

  app.get<{ Params: { uid: string } }>(`${OIDC_MOUNT_PATH}/interaction/:uid`, async (request, reply) => {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.uid !== request.params.uid) return expired(reply);
      return page(reply, details.uid);
    } catch {
      return expired(reply);
    }
  });

  app.post<{ Params: { uid: string }; Body: { email?: unknown; password?: unknown } }>(
    `${OIDC_MOUNT_PATH}/interaction/:uid/login`,
    async (request, reply) => {
      let uid: string;
      try {
        uid = (await provider.interactionDetails(request.raw, reply.raw)).uid;
      } catch {
        return expired(reply);
      }
      const email = typeof request.body?.email === 'string' ? request.body.email.trim() : '';
      const password = typeof request.body?.password === 'string' ? request.body.password : '';
      const perAddress = await throttle(db, `sign-in:${request.ip}`, options.attemptsPerMinute, 60_000);
      if (!perAddress.allowed) {
        reply.header('retry-after', String(perAddress.retryAfterSeconds));
        return page(reply, uid, { email, error: TOO_MANY_ATTEMPTS }, 429);
      }
      const lockedMinutes = email ? await lockoutMinutesLeft(db, email) : 0;
      if (lockedMinutes > 0) {
        reply.header('retry-after', String(lockedMinutes * 60));
        return page(reply, uid, { email, error: lockedOutMessage(lockedMinutes) }, 429);
      }
      const user = email ? await findUserByEmail(db, email) : undefined;
      if (!(await verifyPasswordOfAccount(password, user?.passwordHash)) || !user) {
        if (email) await recordFailedSignIn(db, email);
        return page(reply, uid, { email, error: WRONG_CREDENTIALS }, 401);
      }
      await clearFailedSignIns(db, email);
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: user.userId } },
        { mergeWithLastSubmission: false },
      );
    },
  );

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const callback = provider.callback();
    const forward = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(OIDC_MOUNT_PATH.length) || '/';
      pinToPublicUrl(raw, options.publicUrl);
      callback(raw, reply.raw);
    };
    scope.all(OIDC_MOUNT_PATH, forward);
    scope.all(`${OIDC_MOUNT_PATH}/*`, forward);
  });

  function expired(reply: FastifyReply) {
    return reply
      .code(400)
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="de"><meta charset="utf-8"><title>Anmeldung abgelaufen</title><body style="font-family:system-ui;padding:48px"><h1>Anmeldung abgelaufen</h1><p>${EXPIRED}</p><p><a href="/api/auth/signin">Erneut anmelden</a></p></body></html>`,
      );
  }
}
