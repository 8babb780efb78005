import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { publicUrl } from '../services';

const EDITOR_PARAM = '_storyblok_tk';

export interface CspOptions {
  /** Inline scripts a server-rendered page needs (its exact text; allowed by hash, never 'unsafe-inline'). */
  inlineScripts?: readonly string[];
  /** The content editor may frame this answer. */
  editor?: boolean;
}

type CspConfig = Pick<Config, 'SENTRY_DSN' | 'CSP_CONNECT_SRC' | 'CONTENT_EDITOR_ORIGIN'>;

/**
 * The Content-Security-Policy of every answer. Scripts only from this server (and the content editor's bridge):
 * no inline script, no eval. Styles allow inline because Mantine sets style attributes and its CSS variables
 * in a style element. Connections to this server (REST, GraphQL over ws/wss) plus error reporting and analytics
 * hosts from the configuration. Nobody may frame the app except the content editor in editor mode.
 */
export function contentSecurityPolicy(config: CspConfig, options: CspOptions = {}): string {
  const scriptHashes = (options.inlineScripts ?? []).map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  const connect = ["'self'", ...(config.SENTRY_DSN ? [new URL(config.SENTRY_DSN).origin] : []), ...(config.CSP_CONNECT_SRC?.split(/[\s,]+/).filter(Boolean) ?? [])];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", config.CONTENT_EDITOR_ORIGIN, ...scriptHashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': connect,
    'frame-ancestors': options.editor ? ["'self'", config.CONTENT_EDITOR_ORIGIN] : ["'none'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

const isEditorRequest = (request: FastifyRequest) =>
  [...new URLSearchParams(request.url.split('?')[1] ?? '').keys()].some((key) => key === EDITOR_PARAM || key.startsWith(`${EDITOR_PARAM}[`));

/**
 * Security headers on every answer, HTML and API alike (@fastify/helmet: nosniff, Referrer-Policy, HSTS when the
 * public URL is https, frame protection, COOP/CORP) plus our CSP. Helmet writes on the raw response in onRequest,
 * so answers that bypass Fastify's reply (the identity provider's hijacked routes) get them too.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = publicUrl(config).startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    // The identity provider's sign-in redirects and the content editor need cross-origin windows.
    crossOriginOpenerPolicy: false,
  });
  const policy = contentSecurityPolicy(config);
  const editorPolicy = contentSecurityPolicy(config, { editor: true });
  app.addHook('onRequest', async (request, reply) => {
    const editor = isEditorRequest(request);
    reply.raw.setHeader('content-security-policy', editor ? editorPolicy : policy);
    // The CSP's frame-ancestors decides for browsers that know it; X-Frame-Options would forbid the editor outright.
    if (editor) reply.raw.removeHeader('x-frame-options');
  });
}
