/** The visual editor passes this parameter; without it no bridge script is loaded (SPEC §2). */
export const EDITOR_TOKEN_PARAM = '_storyblok_tk';
export const DEFAULT_BRIDGE_URL = 'https://app.storyblok.com/f/storyblok-v2-latest.js';

declare global {
  interface Window {
    StoryblokBridge?: new () => { on(events: string[], callback: () => void): void };
  }
}

/** Plain `_storyblok_tk=…` or the editor's bracket form `_storyblok_tk[token]=…`. */
export function isEditorMode(search: string): boolean {
  return [...new URLSearchParams(search).keys()].some(
    (key) => key === EDITOR_TOKEN_PARAM || key.startsWith(`${EDITOR_TOKEN_PARAM}[`),
  );
}

/**
 * Adds the bridge script when the page runs inside the editor; the page
 * reloads on save/publish so the editor shows the new draft.
 * Returns whether the script was added.
 */
export function loadEditorBridge(search: string, bridgeUrl: string, doc: Document = document): boolean {
  if (!isEditorMode(search)) return false;
  if (doc.querySelector(`script[data-content-bridge]`)) return true;
  const script = doc.createElement('script');
  script.src = bridgeUrl;
  script.async = true;
  script.dataset.contentBridge = 'true';
  script.onload = () => {
    const Bridge = window.StoryblokBridge;
    if (!Bridge) return;
    new Bridge().on(['published', 'change'], () => window.location.reload());
  };
  doc.head.appendChild(script);
  return true;
}
