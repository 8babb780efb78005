import { rootCertificates } from 'node:tls';
import { Agent, buildConnector, fetch as undiciFetch, type RequestInit, type Response } from 'undici';
import { resolvePublicAddress, type OutgoingPolicy } from './resolve-public-address';

const agents = new WeakMap<OutgoingPolicy, Agent>();

/**
 * An undici agent that checks the address at connect time: the host of every connection (also of redirects) is
 * resolved by `resolvePublicAddress` and the socket goes to exactly that address; TLS still verifies the host name.
 */
function guardedAgent(policy: OutgoingPolicy): Agent {
  const existing = agents.get(policy);
  if (existing) return existing;
  // `ca` replaces Node's trust store, so the built-in authorities are passed along with the extra ones.
  const connect = buildConnector({ timeout: policy.connectTimeoutMs, ...(policy.extraCaPem ? { ca: [...rootCertificates, policy.extraCaPem] } : {}) });
  const agent = new Agent({
    connect: (options, callback) => {
      resolvePublicAddress(options.hostname, policy).then(
        (address) => connect({ ...options, hostname: address }, callback),
        (error: Error) => callback(error, null),
      );
    },
  });
  agents.set(policy, agent);
  return agent;
}

/**
 * `fetch` for every URL a tenant can set (mail OAuth2 token endpoints, webhooks, …). Refuses internal addresses at
 * connect time, so neither another spelling of an address nor DNS rebinding reaches the server's own network.
 * Server-configured URLs use `serverConfiguredFetch` instead.
 */
export function guardedFetch(url: string | URL, init: RequestInit, policy: OutgoingPolicy): Promise<Response> {
  const target = new URL(url);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') {
    return Promise.reject(new TypeError(`unsupported protocol ${target.protocol}`));
  }
  return undiciFetch(target, { ...init, dispatcher: guardedAgent(policy) });
}
