import type { FastifyInstance } from 'fastify';

/**
 * A fetch that answers requests to this server's own URLs in-process
 * (app.inject): the embedded issuer is reachable even where the public URL
 * is not (behind a proxy, before `listen`, in tests).
 */
export function inProcessFetch(app: FastifyInstance, publicUrl: string) {
  const { host, protocol } = new URL(publicUrl);
  return async (url: string, init: { method?: string; headers?: Headers | Record<string, string>; body?: unknown }) => {
    const target = new URL(url);
    const headers = Object.fromEntries(new Headers(init.headers as ConstructorParameters<typeof Headers>[0]).entries());
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${target.pathname}${target.search}`,
      headers: { ...headers, host, 'x-forwarded-proto': protocol.replace(':', '') },
      payload: init.body === undefined || init.body === null ? undefined : String(init.body),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(item));
    }
    return new Response(response.statusCode === 204 ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
}
