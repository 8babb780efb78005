import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createIPX, createIPXNodeServer, ipxFSStorage } from 'ipx';

/** Image proxy path (SPEC §7 Other): /_ipx/{modifiers}/{file}, e.g. /_ipx/w_640&f_webp&q_100/landing/dashboard.png. */
export const IMAGE_PROXY_PREFIX = '/_ipx';

/** Mounts ipx (resize/convert with sharp) over the local image folder `<contentDir>/assets`. */
export function registerImageProxy(app: FastifyInstance, contentDir: string): void {
  const ipx = createIPX({
    storage: ipxFSStorage({ dir: path.join(contentDir, 'assets'), maxAge: 60 * 60 * 24 }),
    // Remote sources stay off: the proxy must not become an open fetcher for arbitrary hosts.
    maxAge: 60 * 60 * 24,
  });
  const handle = createIPXNodeServer(ipx);
  app.get(`${IMAGE_PROXY_PREFIX}/*`, (request, reply) => {
    reply.hijack();
    // ipx expects its own root: strip the mount prefix and keep the query.
    request.raw.url = request.raw.url?.slice(IMAGE_PROXY_PREFIX.length) || '/';
    void handle(request.raw, reply.raw);
  });
}
