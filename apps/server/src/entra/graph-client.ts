import { guardedFetch, type OutgoingPolicy } from '../http/outgoing';

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
/** Graph's limit of requests in one JSON batch. */
export const BATCH_SIZE = 20;

interface GraphPage<T> {
  value?: T[];
  '@odata.nextLink'?: string;
}

interface GraphErrorBody {
  error?: { code?: string; message?: string };
}

/** One answer inside a `$batch` response (Graph's JSON batching wire format). */
interface BatchResponse {
  id: string;
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}


const isThrottled = (status: number) => status === 429 || status === 503;

/**
 * Microsoft Graph reads for one tenant with an access token: `@odata.nextLink` paging, 429/503 answered by waiting
 * for `Retry-After` (Graph's throttling contract, also per answer inside a `$batch`). Only the server-configured
 * GRAPH_BASE_URL is called, through the outgoing SSRF guard; a next link to another host is refused. No read uses
 * `$count`, `$search` or an advanced filter, so none needs `ConsistencyLevel: eventual`.
 */
export class GraphClient {
  constructor(
    private readonly baseUrl: string,
    private readonly accessToken: string,
    private readonly outgoing: OutgoingPolicy,
    private readonly wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** GET of one resource (path like `/v1.0/organization?$select=…`). */
  async get<T>(path: string): Promise<T> {
    return this.request<T>(this.url(path));
  }

  /** Every item of a collection, following `@odata.nextLink`. */
  async list<T>(path: string): Promise<T[]> {
    const first = await this.request<GraphPage<T>>(this.url(path));
    return this.rest(first);
  }

  /**
   * Every item of many collections (per-object reads such as a group's members), `BATCH_SIZE` per `$batch` request
   * instead of one round trip each. Answers throttled inside a batch are sent again after their `Retry-After`; a
   * refused one throws its GraphError like `list` would. Paths share one API version (`/v1.0/…`).
   */
  async batchList<T>(paths: string[]): Promise<Map<string, T[]>> {
    const results = new Map<string, T[]>();
    for (let start = 0; start < paths.length; start += BATCH_SIZE) {
      const chunk = paths.slice(start, start + BATCH_SIZE);
      const pages = await this.batch<GraphPage<T>>(chunk);
      for (const [index, path] of chunk.entries()) results.set(path, await this.rest(pages[index] ?? {}));
    }
    return results;
  }

  /** The items of a first page plus those of its `@odata.nextLink` pages. */
  private async rest<T>(first: GraphPage<T>): Promise<T[]> {
    const items: T[] = [...(first.value ?? [])];
    let next = first['@odata.nextLink'];
    while (next) {
      if (new URL(next).origin !== new URL(this.baseUrl).origin) throw new GraphError(502, 'ForeignNextLink', 'Graph lieferte einen Folgelink zu einem fremden Host.');
      const page: GraphPage<T> = await this.request<GraphPage<T>>(next);
      items.push(...(page.value ?? []));
      next = page['@odata.nextLink'];
    }
    return items;
  }

  /** The bodies of up to BATCH_SIZE GETs in one `$batch`, in the order of `paths`. */
  private async batch<T>(paths: string[]): Promise<T[]> {
    const version = /^\/(v1\.0|beta)\//.exec(paths[0] ?? '')?.[1] ?? 'v1.0';
    const answers = new Map<string, T>();
    let pending = paths.map((path, index) => ({ id: String(index + 1), path }));
    for (let attempt = 1; pending.length > 0; attempt++) {
      const { responses = [] } = await this.request<{ responses?: BatchResponse[] }>(this.url(`/${version}/$batch`), {
        method: 'POST',
        body: {
          requests: pending.map(({ id, path }) => ({
            id,
            method: 'GET',
            url: path.slice(version.length + 1),
          })),
        },
      });
      const byId = new Map(responses.map((response) => [response.id, response]));
      const throttled: BatchResponse[] = [];
      for (const { id } of pending) {
        const response = byId.get(id) ?? { id, status: 502, body: { error: { code: 'MissingBatchResponse', message: 'Graph beantwortete eine Anfrage des Batches nicht.' } } };
        if (isThrottled(response.status) && attempt < MAX_ATTEMPTS) throttled.push(response);
        else if (response.status >= 200 && response.status < 300) answers.set(id, response.body as T);
        else throw graphError(response.status, response.body as GraphErrorBody);
      }
      if (throttled.length === 0) break;
      await this.wait(Math.max(...throttled.map((response) => retryAfterMs(headerOf(response.headers, 'retry-after'), attempt))));
      pending = pending.filter(({ id }) => throttled.some((response) => response.id === id));
    }
    return paths.map((_path, index) => answers.get(String(index + 1)) as T);
  }

  private url(path: string): string {
    return `${this.baseUrl.replace(/\/$/, '')}${path}`;
  }

  private async request<T>(url: string, send?: { method: 'POST'; body: unknown }): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const response = await guardedFetch(
        url,
        {
          method: send?.method ?? 'GET',
          headers: {
            authorization: `Bearer ${this.accessToken}`,
            accept: 'application/json',
            ...(send ? { 'content-type': 'application/json' } : {}),
          },
          ...(send ? { body: JSON.stringify(send.body) } : {}),
          signal: AbortSignal.timeout(60_000),
        },
        this.outgoing,
      );
      if (isThrottled(response.status) && attempt < MAX_ATTEMPTS) {
        await response.body?.cancel();
        await this.wait(retryAfterMs(response.headers.get('retry-after'), attempt));
        continue;
      }
      const body = (await response.json().catch(() => ({}))) as GraphErrorBody;
      if (!response.ok) throw graphError(response.status, body);
      return body as T;
    }
  }
}

function graphError(status: number, body: GraphErrorBody | undefined): GraphError {
  return new GraphError(status, body?.error?.code ?? `HTTP${status}`, body?.error?.message ?? `HTTP ${status}`);
}

/** Graph's Retry-After in seconds, else an exponential pause; never more than a minute. */
function retryAfterMs(value: string | null | undefined, attempt: number): number {
  const seconds = Number(value);
  return Math.min(MAX_WAIT_MS, Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 2 ** attempt * 1000);
}

/** A header of a batch answer (Graph spells them as it likes; names are case-insensitive). */
function headerOf(headers: Record<string, string> | undefined, name: string): string | undefined {
  return Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
}
