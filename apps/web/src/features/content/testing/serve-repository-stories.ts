import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { vi } from 'vitest';

const STORIES_DIR = path.resolve(import.meta.dirname, '../../../../../server/content/stories');

/**
 * For jsdom tests of pages that render content: answers the content API's
 * story requests from the repository's story files (no server in unit tests).
 */
export function serveRepositoryStories(): void {
  const stories = readdirSync(STORIES_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(path.join(STORIES_DIR, file), 'utf8')) as { full_slug: string });
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const match = url.pathname.match(/\/content\/v2\/cdn\/stories\/(.+)$/);
    if (!match) return realFetch(input, init);
    const story = stories.find((candidate) => candidate.full_slug === match[1]);
    return story
      ? new Response(JSON.stringify({ story, cv: 1 }), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify(['This record could not be found']), { status: 404 });
  });
}
