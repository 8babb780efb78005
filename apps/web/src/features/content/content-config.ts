import { DEFAULT_BRIDGE_URL } from './editor-bridge';

/** Content settings (VITE_* at build time); the default is the server's embedded content API. Kept apart from the client so the first load does not carry it. */
export const contentConfig = {
  endpoint: import.meta.env.VITE_CONTENT_ENDPOINT as string | undefined,
  accessToken: (import.meta.env.VITE_CONTENT_TOKEN as string | undefined) ?? 'burgwall-public-content',
  previewToken: import.meta.env.VITE_CONTENT_PREVIEW_TOKEN as string | undefined,
  bridgeUrl: (import.meta.env.VITE_CONTENT_BRIDGE_URL as string | undefined) ?? DEFAULT_BRIDGE_URL,
  language: 'de',
};
