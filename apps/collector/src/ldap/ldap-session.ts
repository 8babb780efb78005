import { Client, type Control, type Entry } from 'ldapts';
import { LdapEntry } from './ldap-entry';

export interface LdapConnectionOptions {
  /** ldap://host[:port] or ldaps://host[:port]. */
  url: string;
  bindDn: string;
  password: string;
  /** Upgrade a plain ldap:// connection with StartTLS (hardened DCs refuse simple binds without TLS). */
  startTls?: boolean;
  /** Verify the DC's certificate (default true); false only for labs with self-signed certificates. */
  tlsRejectUnauthorized?: boolean;
  /** PEM CA bundle for a DC certificate signed by an internal CA. */
  tlsCaPem?: string;
  timeoutMs?: number;
  pageSize?: number;
}

export interface SearchRequest {
  base: string;
  scope: 'base' | 'one' | 'sub';
  filter: string;
  attributes: readonly string[];
  binaryAttributes?: readonly string[];
  controls?: Control[];
}

/** Matches 'member;range=0-1499' style keys AD uses for very large multi-valued attributes. */
const RANGED = /^(.+);range=(\d+)-(\d+|\*)$/i;

/** One bound LDAP connection with paged search. */
export class LdapSession {
  private constructor(
    private readonly client: Client,
    private readonly pageSize: number,
  ) {}

  static async open(options: LdapConnectionOptions): Promise<LdapSession> {
    const tlsOptions = {
      rejectUnauthorized: options.tlsRejectUnauthorized ?? true,
      ...(options.tlsCaPem ? { ca: options.tlsCaPem } : {}),
    };
    const secure = options.url.toLowerCase().startsWith('ldaps://');
    // ldapts opens TLS for any URL when tlsOptions is given, so pass it only for ldaps://.
    const client = new Client({
      url: options.url,
      timeout: options.timeoutMs ?? 120_000,
      connectTimeout: 15_000,
      ...(secure ? { tlsOptions } : {}),
    });
    try {
      if (options.startTls && !secure) await client.startTLS(tlsOptions);
      await client.bind(options.bindDn, options.password);
    } catch (error) {
      await client.unbind().catch(() => undefined);
      throw error;
    }
    return new LdapSession(client, options.pageSize ?? 1000);
  }

  async close(): Promise<void> {
    await this.client.unbind().catch(() => undefined);
  }

  async search(request: SearchRequest): Promise<LdapEntry[]> {
    const { searchEntries } = await this.client.search(
      request.base,
      {
        scope: request.scope,
        filter: request.filter,
        attributes: [...request.attributes],
        explicitBufferAttributes: [...(request.binaryAttributes ?? [])],
        paged: request.scope === 'base' ? false : { pageSize: this.pageSize },
      },
      request.controls,
    );
    const entries = searchEntries.map((entry: Entry) => new LdapEntry(entry));
    for (const entry of entries) await this.completeRangedValues(entry);
    return entries;
  }

  /** Base read of one object; null if it does not exist. */
  async read(dn: string, attributes: readonly string[], binaryAttributes: readonly string[] = [], controls?: Control[]) {
    try {
      const [entry] = await this.search({ base: dn, scope: 'base', filter: '(objectClass=*)', attributes, binaryAttributes, controls });
      return entry ?? null;
    } catch (error) {
      if (error instanceof Error && error.name === 'NoSuchObjectError') return null;
      throw error;
    }
  }

  /** Fetches the remaining values of ranged attributes (AD returns at most 1500 values per attribute and request). */
  private async completeRangedValues(entry: LdapEntry): Promise<void> {
    for (const key of entry.names()) {
      const match = key.match(RANGED);
      if (!match) continue;
      const [, name, , endText] = match as unknown as [string, string, string, string];
      const values = entry.strings(key);
      let end = endText;
      while (end !== '*') {
        const start = Number(end) + 1;
        const { searchEntries } = await this.client.search(entry.dn, {
          scope: 'base',
          filter: '(objectClass=*)',
          attributes: [`${name};range=${start}-*`],
        });
        const next = searchEntries[0] ? new LdapEntry(searchEntries[0]) : null;
        const nextKey = next?.names().find((candidate) => RANGED.test(candidate));
        if (!next || !nextKey) break;
        values.push(...next.strings(nextKey));
        end = (nextKey.match(RANGED) as RegExpMatchArray)[3] as string;
      }
      entry.set(name, values);
    }
  }
}
