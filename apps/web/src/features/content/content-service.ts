import { ContentClient, type Story, type StoryParams } from './content-client';
import type { ContentBlock } from './content-types';
import { contentConfig } from './content-config';
import { isEditorMode } from './editor-bridge';

let client: ContentClient | null = null;

/** One client per page (it holds the rate-limit queue and the cache). */
export function contentClient(): ContentClient {
  const editor = typeof window !== 'undefined' && isEditorMode(window.location.search) && !!contentConfig.previewToken;
  client ??= new ContentClient({
    accessToken: editor ? contentConfig.previewToken : contentConfig.accessToken,
    endpoint: contentConfig.endpoint ?? `${window.location.origin}/content/v2`,
  });
  return client;
}

/** Loads a story in German; inside the editor (with a preview token) the draft. */
export function loadStory<Content extends ContentBlock = ContentBlock>(slug: string, params: StoryParams = {}): Promise<Story<Content>> {
  const draft = isEditorMode(window.location.search) && !!contentConfig.previewToken;
  return contentClient().getStory<Content>(slug, { language: contentConfig.language, version: draft ? 'draft' : 'published', ...params });
}
