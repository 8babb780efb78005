import type { INetworkModule, NetworkRequestOptions, NetworkResponse } from '@azure/msal-node';
import { guardedFetch, type OutgoingPolicy } from '../http/outgoing';

const TIMEOUT_MS = 15_000;

/**
 * msal's HTTP (OpenID metadata of the authority, token request) through the SSRF guard of http/outgoing: every
 * address is checked at connect time under the server's outgoing policy, and only the configured authority's origin
 * is called — a metadata document naming a token endpoint elsewhere cannot send the client assertion there.
 */
export function msalNetworkModule(authorityUrl: string, policy: OutgoingPolicy): INetworkModule {
  const origin = new URL(authorityUrl).origin;
  async function send<T>(method: 'GET' | 'POST', url: string, options: NetworkRequestOptions = {}, timeoutMs = TIMEOUT_MS): Promise<NetworkResponse<T>> {
    if (new URL(url).origin !== origin) throw new Error(`msal request to ${new URL(url).origin} refused: only ${origin} is configured`);
    const response = await guardedFetch(url, { method, headers: options.headers, body: options.body, signal: AbortSignal.timeout(timeoutMs) }, policy);
    const text = await response.text();
    let body: unknown = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      // msal reads error and error_description from the body; a non-JSON answer leaves it to report the status.
    }
    return { status: response.status, headers: Object.fromEntries(response.headers.entries()), body: body as T };
  }
  return {
    sendGetRequestAsync: (url, options, timeout) => send('GET', url, options, timeout),
    sendPostRequestAsync: (url, options) => send('POST', url, options),
  };
}
