import { ContentClient, type Story, type StoryParams } from './content-client';
import type { ContentBlock } from './content-types';
import { DEFAULT_BRIDGE_URL, isEditorMode } from './editor-bridge';

/** Content settings (VITE_* at build time); the default is the server's embedded content API. */
export const contentConfig = {
  endpoint: import.meta.env.VITE_CONTENT_ENDPOINT as string | undefined,
  accessToken: (import.meta.env.VITE_CONTENT_TOKEN as string | undefined) ?? 'burgwall-public-content',
  previewToken: import.meta.env.VITE_CONTENT_PREVIEW_TOKEN as string | undefined,
  bridgeUrl: (import.meta.env.VITE_CONTENT_BRIDGE_URL as string | undefined) ?? DEFAULT_BRIDGE_URL,
  language: 'de',
};

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
