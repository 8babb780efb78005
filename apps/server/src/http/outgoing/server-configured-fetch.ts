/**
 * `fetch` for hosts only the server's configuration names (the OpenID issuer, ENTRA_AUTHORITY_URL, GRAPH_BASE_URL).
 * The lint rule against global `fetch` in apps/server points here or to `guardedFetch`: whoever adds a request has to
 * decide which of the two it is, and a tenant-chosen host must take `guardedFetch`.
 */
export const serverConfiguredFetch: typeof fetch = (input, init) => fetch(input, init);
