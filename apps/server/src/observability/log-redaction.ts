import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets (one-time links, OAuth codes, keys); logged as "[redacted]". */
const SECRET_PARAMS = /^(token|key|apikey|api_key|code|password|secret|state|access_token|refresh_token|id_token|_storyblok_tk.*)$/i;

/** A URL for the log: path and parameter names stay, values of secret parameters do not. */
export function redactUrl(url: string): string {
  const [path, query] = url.split('?', 2);
  if (!query) return url;
  const params = new URLSearchParams(query);
  for (const name of [...params.keys()]) if (SECRET_PARAMS.test(name)) params.set(name, '[redacted]');
  return `${path}?${params.toString()}`;
}

/**
 * pino options of the server's logger: request lines without secret query values, and no credentials in any
 * logged object (headers, bodies and errors that carry them), whoever logs them.
 */
export const logRedaction = {
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers["x-api-key"]',
      'res.headers["set-cookie"]',
      '*.password',
      '*.token',
      '*.apiKey',
      '*.clientSecret',
      '*.accessToken',
      '*.refreshToken',
      '*.certPassword',
    ],
    censor: '[redacted]',
  },
  serializers: {
    req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip }),
  },
};
