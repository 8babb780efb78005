import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashPassword } from '../auth/passwords';
import { escapeHtml } from '../mail/mailer';
import type { Services } from '../services';
import { consumeToken, findTokenUser, voidPendingTokensOf } from './action-tokens';
import { endAllSessionsOf } from '../auth/session-store';
import { destroyProviderSessions } from '../auth/oidc/postgres-adapter';
import { throttle } from '../http/rate-limit/count-hit';

const MIN_PASSWORD_LENGTH = 10;

const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:Inter,"Segoe UI",system-ui,sans-serif;background:#f4f6fa;color:#1a2233}
main{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px}.card{background:#fff;border:1px solid #dbe3ef;border-radius:14px;padding:36px;width:100%;max-width:440px;box-shadow:0 8px 30px rgba(20,40,80,.06)}
h1{margin:0 0 6px;font-size:26px}p.lead{margin:0 0 24px;color:#5b6577}label{display:block;font-weight:600;font-size:14px;margin-bottom:6px}
input{width:100%;height:44px;border:1px solid #cfd6e2;border-radius:8px;padding:0 14px;font-size:15px;margin-bottom:16px}
button{width:100%;height:46px;border:0;border-radius:8px;background:#1c59ad;color:#fff;font-size:15px;font-weight:650;cursor:pointer}
.error{background:#fff1f0;border:1px solid #ffc9c5;color:#a3211a;border-radius:8px;padding:12px 14px;font-size:14px;margin-bottom:18px}
a{color:#1c59ad}`;

/** A small server-rendered page in the platform's look (also the unsubscribe page of alert mails). */
export function simplePage(title: string, body: string): string {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} – Burgwall</title><style>${STYLE}</style></head><body><main><div class="card">${body}</div></main></body></html>`;
}

function page(body: string): string {
  return simplePage('Passwort festlegen', body);
}

function form(token: string, email: string, error?: string): string {
  return page(`<h1>Passwort festlegen</h1><p class="lead">Für <strong>${escapeHtml(email)}</strong>. Mindestens ${MIN_PASSWORD_LENGTH} Zeichen.</p>
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
<form method="post" action="/account/password"><input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="password">Neues Passwort</label><input id="password" name="password" type="password" required minlength="${MIN_PASSWORD_LENGTH}" autocomplete="new-password">
<label for="confirm">Passwort wiederholen</label><input id="confirm" name="confirm" type="password" required autocomplete="new-password">
<button type="submit">Passwort speichern</button></form>`);
}

const TOO_MANY = page('<h1>Zu viele Versuche</h1><p class="lead">Von Ihrer Adresse kamen zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.</p>');

const INVALID = page('<h1>Link ungültig</h1><p class="lead">Dieser Link ist abgelaufen oder wurde bereits verwendet. Bitte fordern Sie eine neue Einladung an.</p><p><a href="/">Zur Startseite</a></p>');

/** The one-time page behind invitation and password-change links: GET shows the form, POST sets the password. */
export function registerSetPasswordPage(app: FastifyInstance, services: Services): void {
  const { db } = services;
  const html = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

  // Not part of the REST API (an HTML page): a missing or malformed token shows the "link invalid" page, never a problem.
  const pageQuery = z.object({ token: z.string().catch('') }).catch({ token: '' });
  app.withTypeProvider<ZodTypeProvider>().get('/account/password', { schema: { querystring: pageQuery, hide: true } }, async (request, reply) => {
    const token = request.query.token;
    const user = await findTokenUser(db, token);
    return reply.code(user ? 200 : 400).headers(html).send(user ? form(token, user.email) : INVALID);
  });

  app.post('/account/password', async (request, reply) => {
    // Guessing links: the same per-address limit as the sign-in.
    const attempts = await throttle(db, `set-password:${request.ip}`, services.config.AUTH_ATTEMPTS_PER_MINUTE, 60_000);
    if (!attempts.allowed) return reply.code(429).headers({ ...html, 'retry-after': String(attempts.retryAfterSeconds) }).send(TOO_MANY);
    const body = (request.body ?? {}) as { token?: unknown; password?: unknown; confirm?: unknown };
    const token = typeof body.token === 'string' ? body.token : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const user = await findTokenUser(db, token);
    if (!user) return reply.code(400).headers(html).send(INVALID);
    if (password.length < MIN_PASSWORD_LENGTH) {
      return reply.code(400).headers(html).send(form(token, user.email, `Das Passwort muss mindestens ${MIN_PASSWORD_LENGTH} Zeichen lang sein.`));
    }
    if (password !== body.confirm) return reply.code(400).headers(html).send(form(token, user.email, 'Die Passwörter stimmen nicht überein.'));
    const passwordHash = await hashPassword(password);
    if (!(await consumeToken(db, token))) return reply.code(400).headers(html).send(INVALID);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('app_user')
        .set((eb) => ({ password_hash: passwordHash, required_actions: eb.fn<string[]>('array_remove', ['required_actions', eb.val('UPDATE_PASSWORD')]) }))
        .where('user_id_pk', '=', user.userId)
        .execute();
      // A new password ends every session (also a stolen one) and every other open link of the user.
      await endAllSessionsOf(trx, user.userId);
      await destroyProviderSessions(trx, user.userId);
      await voidPendingTokensOf(trx, user.userId);
    });
    return reply.redirect('/api/auth/signin/keycloak?callbackUrl=%2F', 303);
  });
}
