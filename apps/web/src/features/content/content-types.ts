/** A content block (SPEC §3): component name, unique id, optional editor marker and its fields. */
export type { ContentBlock } from '@burgwall/shared';

/** Storyblok rich text (ProseMirror JSON). */
export interface RichTextNode {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: Array<{ type: string; attrs?: Record<string, unknown> }>;
  content?: RichTextNode[];
}

export interface AssetField {
  filename: string;
  alt?: string | null;
  title?: string | null;
}
