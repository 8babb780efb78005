/** A content block (SPEC §3): component name, unique id, optional editor marker and its fields. */
export interface ContentBlock {
  component: string;
  _uid: string;
  _editable?: string;
  [field: string]: unknown;
}

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
