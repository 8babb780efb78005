import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import {
  findStories,
  findStory,
  queryErrorBody,
  relatedStories,
  type StoriesQuery,
  storiesQuerySchema,
} from '../../content/story-query';
import type { StoryStore } from '../../content/story-store';

/** Where the Storyblok-compatible API lives; the web's storyblok client uses it as its `endpoint`. */
export const CONTENT_API_PREFIX = '/content/v2';

type Parsed = { ok: true; query: StoriesQuery } | { ok: false };

/** Validates the query and the token; answers errors in Storyblok's shapes. */
function parseRequest(request: FastifyRequest, reply: FastifyReply, config: Config): Parsed {
  const parsed = storiesQuerySchema.safeParse(request.query);
  if (!parsed.success) {
    void reply.code(422).send(queryErrorBody(parsed.error));
    return { ok: false };
  }
  const { token, version } = parsed.data;
  const isPreview = config.CONTENT_PREVIEW_TOKEN !== undefined && token === config.CONTENT_PREVIEW_TOKEN;
  if (!token || (token !== config.CONTENT_PUBLIC_TOKEN && !isPreview)) {
    void reply.code(401).send({ error: 'Unauthorized' });
    return { ok: false };
  }
  if (version === 'draft' && !isPreview) {
    void reply.code(401).send({ error: 'The draft version needs a preview token' });
    return { ok: false };
  }
  return { ok: true, query: parsed.data };
}

/** GET {prefix}/cdn/stories and {prefix}/cdn/stories/{slug} from the story files (SPEC §7 content service). */
export function registerContentRoutes(app: FastifyInstance, config: Config, store: StoryStore): void {
  const sendHeaders = (reply: FastifyReply, query: StoriesQuery) =>
    reply
      .header('access-control-allow-origin', '*')
      .header('cache-control', query.version === 'draft' ? 'no-store' : 'public, max-age=60');

  app.get(`${CONTENT_API_PREFIX}/cdn/stories`, async (request, reply) => {
    const parsed = parseRequest(request, reply, config);
    if (!parsed.ok) return reply;
    const { query } = parsed;
    const all = store.list(query.version);
    const page = findStories(all, query);
    sendHeaders(reply, query).header('per-page', String(query.per_page)).header('total', String(page.total));
    return { stories: page.stories, cv: store.cv, ...relatedStories(page.stories, all, query) };
  });

  app.get(`${CONTENT_API_PREFIX}/cdn/stories/*`, async (request, reply) => {
    const parsed = parseRequest(request, reply, config);
    if (!parsed.ok) return reply;
    const { query } = parsed;
    const slug = decodeURIComponent((request.params as { '*': string })['*']).replace(/\/$/, '');
    const all = store.list(query.version);
    const story = findStory(all, slug, query);
    if (!story) return reply.code(404).send(['This record could not be found']);
    sendHeaders(reply, query);
    return { story, cv: store.cv, ...relatedStories([story], all, query) };
  });
}
