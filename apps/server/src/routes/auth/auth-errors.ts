import type { FastifyReply, FastifyRequest } from 'fastify';

/** NextAuth-style error kinds with the messages of SPEC §8. */
export const AUTH_ERRORS = {
  Configuration: { status: 500, message: 'Server configuration error' },
  Runtime: { status: 500, message: 'Runtime error' },
  AccessDenied: { status: 403, message: 'Access denied' },
} as const;

export type AuthErrorKind = keyof typeof AUTH_ERRORS;

const GERMAN: Record<AuthErrorKind, string> = {
  Configuration: 'Der Anmeldedienst ist gerade nicht erreichbar oder falsch eingerichtet. Bitte versuchen Sie es später erneut.',
  Runtime: 'Bei der Anmeldung ist ein Fehler aufgetreten. Bitte starten Sie die Anmeldung erneut.',
  AccessDenied: 'Für dieses Konto ist keine Anmeldung möglich. Bitte wenden Sie sich an Ihren Administrator.',
};

export function wantsJson(request: FastifyRequest, json?: unknown): boolean {
  return json === 'true' || json === true || !(request.headers.accept ?? '').includes('text/html');
}

/** JSON for API callers, the German error page for browsers. */
export function sendAuthError(request: FastifyRequest, reply: FastifyReply, kind: AuthErrorKind, json?: unknown) {
  const { status, message } = AUTH_ERRORS[kind];
  if (wantsJson(request, json)) return reply.code(status).send({ error: kind, message });
  return reply.redirect(`/api/auth/error?error=${kind}`);
}

export function renderAuthErrorPage(kind: string): string {
  const known = (Object.keys(GERMAN) as AuthErrorKind[]).find((key) => key === kind) ?? 'Runtime';
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Anmeldung fehlgeschlagen – Burgwall</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f6fa;font-family:Inter,"Segoe UI",system-ui,sans-serif;color:#1a2233}.card{max-width:460px;background:#fff;border:1px solid #dbe3ef;border-radius:14px;padding:36px}h1{margin:0 0 10px;font-size:24px}p{color:#5b6577;line-height:1.55}code{color:#8a93a3;font-size:12px}a{display:inline-block;margin-top:12px;background:#1c59ad;color:#fff;text-decoration:none;padding:11px 18px;border-radius:8px;font-weight:600}</style></head>
<body><main class="card"><h1>Anmeldung fehlgeschlagen</h1><p>${GERMAN[known]}</p><p><code>${AUTH_ERRORS[known].message}</code></p><a href="/api/auth/signin">Erneut anmelden</a></main></body></html>`;
}
