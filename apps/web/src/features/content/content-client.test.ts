import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ContentClient, MISSING_TOKEN_MESSAGE } from './content-client';
import { ContentError, contentErrorMessage } from './content-error';

type Handler = (url: URL, response: ServerResponse) => void;
let handler: Handler;
const requests: URL[] = [];
let server: Server;
let endpoint: string;

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};
const story = (n: number) => ({ id: n, uuid: `uuid-${n}`, name: `S${n}`, slug: `s${n}`, full_slug: `list/s${n}`, content: { component: 'tip', _uid: `u${n}` } });

beforeAll(async () => {
  // storyblok-js-client logs every 429 retry.
  vi.spyOn(console, 'log').mockImplementation(() => {});
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(url);
    handler(url, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  requests.length = 0;
});

const client = (options: Partial<ConstructorParameters<typeof ContentClient>[0]> = {}) =>
  new ContentClient({ accessToken: 'tok', endpoint, ...options });

describe('content client against a real HTTP server', () => {
  it('sends token and version, and retries a 429 after 300 ms', async () => {
    let calls = 0;
    handler = (_url, response) => (++calls <= 2 ? json(response, 429, { error: 'Too many requests' }) : json(response, 200, { story: story(1), cv: 7 }));
    const started = Date.now();
    const result = await client().getStory('home');
    expect(result.uuid).toBe('uuid-1');
    expect(requests).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(580);
    expect(requests[0]?.pathname).toBe('/v2/cdn/stories/home');
    expect(requests[0]?.searchParams.get('token')).toBe('tok');
    expect(requests[0]?.searchParams.get('version')).toBe('published');
  });

  it('gives up after 10 retries and rejects with message, status and response', async () => {
    handler = (_url, response) => json(response, 429, { error: 'Too many requests' });
    const error = await client({ retriesDelay: 5 }).getStory('home').catch((caught: unknown) => caught);
    expect(requests).toHaveLength(11);
    expect(error).toBeInstanceOf(ContentError);
    expect(error).toMatchObject({ message: 'Too many requests', status: 429 });
    expect((error as ContentError).response).toMatchObject({ status: 429 });
  });

  it.each([
    [401, { error: 'Unauthorized' }, 'Unauthorized'],
    [422, { per_page: ['must be less than or equal to 100'] }, 'per_page: must be less than or equal to 100'],
    [404, ['This record could not be found'], 'This record could not be found'],
    [400, { slug: 'home' }, 'home'],
    [500, {}, 'Unknown error'],
  ])('rejects a %i with the SPEC §8 message', async (status, body, message) => {
    handler = (_url, response) => json(response, status, body);
    await expect(client().getStory('home')).rejects.toMatchObject({ message, status });
  });

  it('accepts statuses 200–206 only', async () => {
    handler = (_url, response) => json(response, 207, { story: story(1) });
    await expect(client().getStory('home')).rejects.toMatchObject({ status: 207 });
  });

  it('reads per-page and total headers and pages through a listing', async () => {
    handler = (url, response) => {
      const perPage = Number(url.searchParams.get('per_page'));
      const page = Number(url.searchParams.get('page') ?? 1);
      const all = Array.from({ length: 60 }, (_, i) => story(i + 1));
      json(response, 200, { stories: all.slice((page - 1) * perPage, page * perPage), cv: 1 }, { 'per-page': String(perPage), total: '60' });
    };
    const first = await client().getStories({ starts_with: 'list/' });
    expect(first).toMatchObject({ total: 60, perPage: 25 });
    expect(first.stories).toHaveLength(25);
    requests.length = 0;
    const all = await client().getAllStories({ starts_with: 'list/' });
    expect(all.map((s) => s.id)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(requests.map((r) => r.searchParams.get('page'))).toEqual(['1', '2', '3']);
  });

  it('fetches more than 50 relations in batches of 50 uuids', async () => {
    const uuids = Array.from({ length: 60 }, (_, i) => `uuid-${i + 1}`);
    handler = (url, response) => {
      if (url.pathname.endsWith('/cdn/stories/home')) {
        return json(response, 200, { story: { ...story(100), content: { component: 'page', _uid: 'p', tips: uuids } }, rel_uuids: uuids });
      }
      const wanted = (url.searchParams.get('by_uuids') ?? '').split(',');
      json(response, 200, { stories: wanted.map((uuid) => story(Number(uuid.slice(5)))) }, { 'per-page': '50', total: String(wanted.length) });
    };
    const result = await client().getStory('home', { resolve_relations: 'page.tips' });
    const batches = requests.filter((r) => r.searchParams.has('by_uuids')).map((r) => r.searchParams.get('by_uuids')?.split(',').length);
    expect(batches).toEqual([50, 10]);
    expect((result.content.tips as Array<{ uuid: string }>)[59]?.uuid).toBe('uuid-60');
  });

  it('throttles to 5 requests per second', async () => {
    handler = (_url, response) => json(response, 200, { story: story(1) });
    const c = client();
    const started = Date.now();
    await Promise.all(Array.from({ length: 7 }, (_, i) => c.getStory(`s${i}`, { cv: i })));
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('without an access token logs the SPEC message once and stays disabled', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const disabled = new ContentClient({ endpoint });
    expect(log).toHaveBeenCalledWith(MISSING_TOKEN_MESSAGE);
    expect(disabled.enabled).toBe(false);
    await expect(disabled.getStory('home')).rejects.toMatchObject({ message: MISSING_TOKEN_MESSAGE });
    expect(requests).toHaveLength(0);
    log.mockRestore();
  });
});

describe('contentErrorMessage', () => {
  it('prefers error, then the first field error, then slug', () => {
    expect(contentErrorMessage({ slug: 'x', error: 'E' })).toBe('E');
    expect(contentErrorMessage({ slug: 'x', name: ['is taken'] })).toBe('name: is taken');
    expect(contentErrorMessage({ slug: 'x' })).toBe('x');
    expect(contentErrorMessage(null)).toBe('Unknown error');
  });
});
