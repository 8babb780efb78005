import { gzipSync } from 'node:zlib';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }

  /** 4xx other than 408/429: the server refused the content; resending the same request cannot help. */
  get permanent(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429;
  }
}

export interface ApiClientOptions {
  serverUrl: string;
  clientId: string;
  apiKey: string;
  collectorVersion: string;
  /** The server accepts the key only from the machine it is bound to. */
  machineCode: string;
  timeoutMs?: number;
}

/** Longest server error text kept in a message (a refused large batch may name thousands of fields). */
const MAX_ERROR_TEXT = 2000;

/**
 * The readable part of a server error body: the `detail` of its problem details (RFC 9457), else the `message` of
 * older servers, else the text itself.
 */
export function errorText(body: string): string {
  let text = body;
  try {
    const parsed = JSON.parse(body) as { detail?: unknown; message?: unknown } | null;
    if (typeof parsed?.detail === 'string') text = parsed.detail;
    else if (typeof parsed?.message === 'string') text = parsed.message;
  } catch {
    // not JSON: keep the text
  }
  return text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT)} …` : text;
}

/** The collector's calls to /client/{clientUUID}/collector/*, authenticated with the collector key. */
export class ApiClient {
  constructor(private readonly options: ApiClientOptions) {}

  private url(path: string): string {
    return `${this.options.serverUrl}/client/${this.options.clientId}/collector/${path}`;
  }

  /** A JSON call to a server path outside /client/{id}/collector (e.g. /saas/services/…), with the same key. */
  async requestServer<T>(method: 'GET' | 'POST', serverPath: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { ...this.identity(), accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return this.send<T>(method, serverPath, headers, body === undefined ? undefined : JSON.stringify(body), `${this.options.serverUrl}${serverPath}`);
  }

  async request<T>(method: 'GET' | 'POST', path: string, body?: unknown, options: { gzip?: boolean; text?: boolean } = {}): Promise<T> {
    const headers: Record<string, string> = {
      ...this.identity(),
      accept: 'application/json',
    };
    let payload: Buffer | string | undefined;
    if (body !== undefined) {
      if (options.text) {
        headers['content-type'] = 'text/plain; charset=utf-8';
        payload = String(body);
      } else {
        headers['content-type'] = 'application/json';
        const json = typeof body === 'string' ? body : JSON.stringify(body);
        payload = options.gzip ? gzipSync(json) : json;
        if (options.gzip) headers['content-encoding'] = 'gzip';
      }
    }
    return this.send<T>(method, path, headers, payload);
  }

  /** Sends an already gzip-compressed body (spooled batches and snapshot parts are stored compressed). */
  async sendGzipped<T>(method: 'POST' | 'PUT', path: string, gzipped: Buffer, contentType = 'application/json'): Promise<T> {
    return this.send<T>(
      method,
      path,
      {
        ...this.identity(),
        'content-type': contentType,
        'content-encoding': 'gzip',
        accept: 'application/json',
      },
      gzipped,
    );
  }

  /** Who calls: the key, the collector's version and the machine the key is bound to. */
  private identity(): Record<string, string> {
    return { authorization: `ApiKey ${this.options.apiKey}`, 'x-collector-version': this.options.collectorVersion, 'x-burgwall-machine': this.options.machineCode };
  }

  private async send<T>(method: string, path: string, headers: Record<string, string>, payload: Buffer | string | undefined, url = this.url(path)): Promise<T> {
    const response = await fetch(url, {
      method,
      headers,
      // A Uint8Array view, not the Buffer: with DOM typings in the program (graphql-yoga's fetch types) BodyInit has no Buffer.
      body: typeof payload === 'string' || payload === undefined ? payload : new Uint8Array(payload),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 300_000),
    });
    const text = await response.text();
    if (!response.ok) throw new ApiError(response.status, `${method} ${path}: ${response.status} ${errorText(text)}`.trim());
    return (text ? JSON.parse(text) : undefined) as T;
  }
}
