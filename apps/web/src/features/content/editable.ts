import type { ContentBlock } from './content-types';

/**
 * The visual editor marks blocks with `_editable` ('<!--#storyblok#{"uid":…,"id":…}-->');
 * the bridge finds them through these data attributes. Outside the editor there is no `_editable`.
 */
export function editableAttributes(block: ContentBlock): Record<string, string> {
  if (typeof block._editable !== 'string') return {};
  const match = block._editable.match(/^<!--#storyblok#(.*)-->$/);
  if (!match?.[1]) return {};
  try {
    const options = JSON.parse(match[1]) as { id?: string | number; uid?: string };
    return { 'data-blok-c': match[1], 'data-blok-uid': `${options.id ?? ''}-${options.uid ?? ''}` };
  } catch {
    return {};
  }
}
