import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProblemError } from '../http/problem';

/**
 * NextAuth-style error kinds of sign-in. API callers get problem details (`detail` as SPEC §8 fixes it for the auth
 * server problems), browsers the German error page.
 */
const AUTH_ERRORS = {
  Configuration: {
    status: 500,
    slug: 'auth-configuration',
    detail: 'Server configuration error',
    page: 'Der Anmeldedienst ist gerade nicht erreichbar oder falsch eingerichtet. Bitte versuchen Sie es später erneut.',
  },
  Runtime: {
    status: 500,
    slug: 'auth-runtime',
    detail: 'Runtime error',
    page: 'Bei der Anmeldung ist ein Fehler aufgetreten. Bitte starten Sie die Anmeldung erneut.',
  },
  AccessDenied: {
    status: 403,
    slug: 'access-denied',
    detail: 'Für dieses Konto ist keine Anmeldung möglich. Bitte wenden Sie sich an Ihren Administrator.',
    page: 'Für dieses Konto ist keine Anmeldung möglich. Bitte wenden Sie sich an Ihren Administrator.',
  },
} as const;

export type AuthErrorKind = keyof typeof AUTH_ERRORS;

export const AUTH_ERROR_KINDS = Object.keys(AUTH_ERRORS) as AuthErrorKind[];

/** Whether the caller wants JSON (`json=true`, or no browser navigation) rather than a redirect. */
export function wantsJson(request: FastifyRequest, json?: boolean | string | null): boolean {
  return json === 'true' || json === true || !(request.headers.accept ?? '').includes('text/html');
}

/** The problem an API caller gets for a sign-in error. */
export function authProblem(kind: AuthErrorKind): ProblemError {
  const { status, slug, detail } = AUTH_ERRORS[kind];
  return new ProblemError(status, detail, { slug, title: 'Anmeldung fehlgeschlagen' });
}

/** Throws the problem for API callers; sends browsers to the German error page. */
export function failSignIn(request: FastifyRequest, reply: FastifyReply, kind: AuthErrorKind, json?: boolean | string | null): FastifyReply {
  if (wantsJson(request, json)) throw authProblem(kind);
  return reply.redirect(`/api/auth/error?error=${kind}`);
}

export function renderAuthErrorPage(kind: string | undefined): string {
  const known = AUTH_ERROR_KINDS.find((key) => key === kind) ?? 'Runtime';
  const { page, detail } = AUTH_ERRORS[known];
  // The SPEC's technical text of server problems, for support; the German text is what the user reads.
  const technical = detail === page ? known : detail;
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Anmeldung fehlgeschlagen – Burgwall</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f6fa;font-family:Inter,"Segoe UI",system-ui,sans-serif;color:#1a2233}.card{max-width:460px;background:#fff;border:1px solid #dbe3ef;border-radius:14px;padding:36px}h1{margin:0 0 10px;font-size:24px}p{color:#5b6577;line-height:1.55}code{color:#8a93a3;font-size:12px}a{display:inline-block;margin-top:12px;background:#1c59ad;color:#fff;text-decoration:none;padding:11px 18px;border-radius:8px;font-weight:600}</style></head>
<body><main class="card"><h1>Anmeldung fehlgeschlagen</h1><p>${page}</p><p><code>${technical}</code></p><a href="/api/auth/signin">Erneut anmelden</a></main></body></html>`;
}
