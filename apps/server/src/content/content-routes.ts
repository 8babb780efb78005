import path from 'node:path';
import { PROBLEM_CONTENT_TYPE, storiesAnswerSchema, storyAnswerSchema, type Problem } from '@burgwall/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config';
import type { ApiApp } from '../http/api-app';
import { notFound, unauthorized } from '../http/problem';
import type { Services } from '../services';
import { findStories, findStory, relatedStories, type StoriesQuery, storiesQuerySchema } from './story-query';
import { StoryStore } from './story-store';

/** Where the Storyblok-compatible API lives; the web's storyblok client uses it as its `endpoint`. */
export const CONTENT_API_PREFIX = '/content/v2';

const storyParamsSchema = z.object({
  '*': z.string().describe('Slug, numerische ID oder (mit find_by=uuid) UUID der Story'),
});

const ERRORS_NOTE =
  'Öffentlich mit dem Token der Inhalte (token=); Entwürfe (version=draft) nur mit dem Vorschau-Token. ' +
  'Fehler kommen als problem details; das zusätzliche Feld `error` wiederholt `detail`, damit Storyblok-Clients die Meldung anzeigen.';

/** The slug as the story files name it (a malformed escape is kept as it is and simply finds nothing). */
function decodedSlug(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Only the public token (published stories) or the preview token (also drafts) may read. */
function checkAccess(query: StoriesQuery, config: Config): void {
  const { token, version } = query;
  const isPreview = config.CONTENT_PREVIEW_TOKEN !== undefined && token === config.CONTENT_PREVIEW_TOKEN;
  if (!token || (token !== config.CONTENT_PUBLIC_TOKEN && !isPreview)) {
    throw unauthorized('Das Zugriffstoken für die Inhalte fehlt oder ist ungültig.');
  }
  if (version === 'draft' && !isPreview) throw unauthorized('Entwürfe können nur mit dem Vorschau-Token gelesen werden.');
}

/**
 * Storyblok clients (SPEC §8) show the `error` field of an error answer: every problem of the content API repeats
 * its German `detail` there.
 */
async function addStoryblokErrorField(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const type = String(reply.getHeader('content-type') ?? '');
  if (typeof payload !== 'string' || !type.startsWith(PROBLEM_CONTENT_TYPE)) return payload;
  const problem = JSON.parse(payload) as Problem;
  return JSON.stringify({ ...problem, error: problem.detail });
}

/** GET {prefix}/cdn/stories and {prefix}/cdn/stories/{slug} from the story files (public, token in the query). */
export async function registerContentRoutes(app: ApiApp, { config }: Services): Promise<void> {
  const store = new StoryStore(path.join(config.CONTENT_DIR, 'stories'));
  const sendHeaders = (reply: FastifyReply, query: StoriesQuery) =>
    reply
      .header('access-control-allow-origin', '*')
      .header('cache-control', query.version === 'draft' ? 'no-store' : 'public, max-age=60');

  await app.register(async (content: ApiApp) => {
    content.addHook('onSend', addStoryblokErrorField);

    content.get(
      `${CONTENT_API_PREFIX}/cdn/stories`,
      {
        schema: {
          summary: 'Stories auflisten',
          description: `Eine Seite von Stories (Kopfzeilen per-page und total). ${ERRORS_NOTE}`,
          querystring: storiesQuerySchema,
          response: { 200: storiesAnswerSchema },
        },
      },
      async (request, reply) => {
        const query = request.query;
        checkAccess(query, config);
        const all = store.list(query.version);
        const page = findStories(all, query);
        sendHeaders(reply, query).header('per-page', String(query.per_page)).header('total', String(page.total));
        return { stories: page.stories, cv: store.cv, ...relatedStories(page.stories, all, query) };
      },
    );

    content.get(
      `${CONTENT_API_PREFIX}/cdn/stories/*`,
      {
        schema: {
          summary: 'Story lesen',
          description: `Eine Story nach Slug, ID oder UUID. ${ERRORS_NOTE}`,
          params: storyParamsSchema,
          querystring: storiesQuerySchema,
          response: { 200: storyAnswerSchema },
        },
      },
      async (request, reply) => {
        const query = request.query;
        checkAccess(query, config);
        const slug = decodedSlug(request.params['*']).replace(/\/$/, '');
        const all = store.list(query.version);
        const story = findStory(all, slug, query);
        if (!story) throw notFound('Der Inhalt wurde nicht gefunden.');
        sendHeaders(reply, query);
        return { story, cv: store.cv, ...relatedStories([story], all, query) };
      },
    );
  });
}
