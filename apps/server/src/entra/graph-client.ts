import { serverConfiguredFetch } from '../http/outgoing';

/** A Graph answer that is not a success, with Graph's error code (e.g. Authorization_RequestDenied). */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  /** The app lacks a permission, or the tenant a licence (Graph answers both with 403). */
  get isForbidden(): boolean {
    return this.status === 403;
  }

  get isLicenseMissing(): boolean {
    return this.status === 403 && /licen[cs]e|premium|P1|P2/i.test(this.message);
  }
}

const MAX_ATTEMPTS = 4;
const MAX_WAIT_MS = 60_000;

interface GraphPage<T> {
  value?: T[];
  '@odata.nextLink'?: string;
}

/**
 * Microsoft Graph reads for one tenant with an access token: `@odata.nextLink` paging, 429/503 answered by waiting
 * for `Retry-After` (Graph's throttling contract), `ConsistencyLevel: eventual` where a query needs it. Only the
 * server-configured GRAPH_BASE_URL is called; a next link to another host is refused.
 */
export class GraphClient {
  constructor(
    private readonly baseUrl: string,
    private readonly accessToken: string,
    private readonly wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** GET of one resource (path like `/v1.0/organization?$select=…`). */
  async get<T>(path: string, options: { eventual?: boolean } = {}): Promise<T> {
    return this.request<T>(this.url(path), options);
  }

  /** Every item of a collection, following `@odata.nextLink`. */
  async list<T>(path: string, options: { eventual?: boolean } = {}): Promise<T[]> {
    const items: T[] = [];
    let next: string | undefined = this.url(path);
    while (next) {
      const page: GraphPage<T> = await this.request<GraphPage<T>>(next, options);
      items.push(...(page.value ?? []));
      next = page['@odata.nextLink'];
      if (next && new URL(next).origin !== new URL(this.baseUrl).origin) throw new GraphError(502, 'ForeignNextLink', 'Graph lieferte einen Folgelink zu einem fremden Host.');
    }
    return items;
  }

  private url(path: string): string {
    return `${this.baseUrl.replace(/\/$/, '')}${path}`;
  }

  private async request<T>(url: string, options: { eventual?: boolean }): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const response = await serverConfiguredFetch(url, {
        headers: {
          authorization: `Bearer ${this.accessToken}`,
          accept: 'application/json',
          ...(options.eventual ? { consistencylevel: 'eventual' } : {}),
        },
        signal: AbortSignal.timeout(60_000),
      });
      if ((response.status === 429 || response.status === 503) && attempt < MAX_ATTEMPTS) {
        const seconds = Number(response.headers.get('retry-after'));
        await this.wait(Math.min(MAX_WAIT_MS, Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 2 ** attempt * 1000));
        continue;
      }
      const body = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
      if (!response.ok) throw new GraphError(response.status, body.error?.code ?? `HTTP${response.status}`, body.error?.message ?? `HTTP ${response.status}`);
      return body as T;
    }
  }
}
