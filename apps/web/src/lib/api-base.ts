/**
 * Base URL of the Burgwall server. Empty in the browser (same origin); tests
 * point it at a local HTTP server.
 */
let base = '';

export function setApiBaseUrl(url: string): void {
  base = url.replace(/\/$/, '');
}

export function apiUrl(path: string): string {
  return `${base}${path}`;
}
