import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { isAddressLiteral, isPublicAddress } from './address-policy';

export type LookupAll = (hostname: string) => Promise<{ address: string }[]>;

/** How outgoing requests to tenant-chosen hosts are checked; one policy per server (from config). */
export interface OutgoingPolicy {
  /**
   * Server configuration only (`OUTGOING_ALLOW_INTERNAL_HOSTS`): a self-hosted installation whose mail server sits in
   * its own network, and the tests' local fake servers. Never a tenant's choice.
   */
  allowInternal: boolean;
  /** Failed connections answer after this long, whatever the reason (see `uniform-failure.ts`). */
  connectTimeoutMs: number;
  /** Name resolution; tests inject one (no DNS here). */
  lookup?: LookupAll;
  /**
   * Further certificate authorities (PEM) trusted for HTTPS besides Node's built-in ones (`OUTGOING_EXTRA_CA_FILE`):
   * a TLS-inspecting proxy of a self-hosted installation, and the tests' fake Entra ID. Server configuration only.
   */
  extraCaPem?: string;
}

/** A tenant-chosen host that resolves to an address outside the public internet. */
export class OutgoingBlockedError extends Error {
  readonly code = 'EINTERNALHOST';
}

/** Name resolution failed; callers treat it like an unreachable host. */
export class OutgoingLookupError extends Error {
  readonly code = 'EDNS';
}

const systemLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Resolves a tenant-chosen host once and returns the address to connect to. Every resolved address must be public
 * (a name with one internal address among public ones is refused), and the caller connects to exactly the address
 * returned — a second lookup (DNS rebinding) never happens between check and connect.
 */
export async function resolvePublicAddress(host: string, policy: OutgoingPolicy): Promise<string> {
  const name = host.replace(/^\[|\]$/g, '').trim();
  if (!name) throw new OutgoingLookupError('empty host');
  const addresses = isAddressLiteral(name)
    ? [{ address: ipaddr.process(name).toString() }]
    : await (policy.lookup ?? systemLookup)(name).catch(() => {
        throw new OutgoingLookupError(`cannot resolve ${name}`);
      });
  const first = addresses[0];
  if (!first) throw new OutgoingLookupError(`no address for ${name}`);
  if (!policy.allowInternal && addresses.some((entry) => !isPublicAddress(entry.address))) {
    throw new OutgoingBlockedError(`${name} resolves to an internal address`);
  }
  return first.address;
}
