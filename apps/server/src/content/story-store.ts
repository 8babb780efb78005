import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** A content block (SPEC §3): component name, unique id, optional editor marker, any fields. */
export interface ContentBlock {
  component: string;
  _uid: string;
  _editable?: string;
  [field: string]: unknown;
}

/** One story as the Storyblok CDN API returns it (a type, not an interface: it is also a `Record<string, unknown>`). */
export type Story = {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  content: ContentBlock;
  created_at: string;
  published_at: string | null;
  first_published_at: string | null;
  position: number;
  is_startpage: boolean;
  parent_id: number | null;
  group_id: string;
  lang: string;
  path: string | null;
  tag_list: string[];
  sort_by_date: string | null;
  meta_data: null;
  release_id: null;
  alternates: [];
  default_full_slug: null;
  translated_slugs: null;
};

const blockSchema: z.ZodType<ContentBlock> = z.looseObject({
  component: z.string().min(1),
  _uid: z.string().min(1),
  _editable: z.string().optional(),
}) as z.ZodType<ContentBlock>;

/** The file format: the published content, and optionally a newer draft. */
const storyFileSchema = z.object({
  id: z.number().int().positive(),
  uuid: z.uuid(),
  name: z.string().min(1),
  full_slug: z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, 'lower-case slug parts separated by /'),
  position: z.number().int().default(0),
  tag_list: z.array(z.string()).default([]),
  created_at: z.string(),
  published_at: z.string().nullable().default(null),
  content: blockSchema,
  draft_content: blockSchema.optional(),
});

type StoryFile = z.infer<typeof storyFileSchema>;

export interface StoryVersions {
  published: Story | null;
  draft: Story;
}

function toStory(file: StoryFile, content: ContentBlock, published: boolean): Story {
  const parts = file.full_slug.split('/');
  return {
    id: file.id,
    uuid: file.uuid,
    name: file.name,
    slug: parts.at(-1) ?? file.full_slug,
    full_slug: file.full_slug,
    content,
    created_at: file.created_at,
    published_at: published ? file.published_at : null,
    first_published_at: file.published_at,
    position: file.position,
    is_startpage: false,
    parent_id: null,
    group_id: file.uuid,
    lang: 'default',
    path: null,
    tag_list: file.tag_list,
    sort_by_date: null,
    meta_data: null,
    release_id: null,
    alternates: [],
    default_full_slug: null,
    translated_slugs: null,
  };
}

/**
 * Stories from `<dir>/*.json` (read once at start; edit the files and restart).
 * A story without `published_at` exists only as a draft.
 */
export class StoryStore {
  readonly stories: readonly StoryVersions[];
  /** Cache version: the newest file modification time in seconds, like Storyblok's `cv`. */
  readonly cv: number;

  constructor(dir: string) {
    const files = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort();
    let newest = 0;
    const seen = new Set<string>();
    this.stories = files.map((name) => {
      const file = path.join(dir, name);
      newest = Math.max(newest, Math.floor(statSync(file).mtimeMs / 1000));
      const parsed = storyFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (!parsed.success) {
        throw new Error(`Invalid story file ${name}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      }
      const story = parsed.data;
      for (const key of [story.uuid, story.full_slug, String(story.id)]) {
        if (seen.has(key)) throw new Error(`Story file ${name}: uuid, slug or id ${key} is used twice`);
        seen.add(key);
      }
      return {
        published: story.published_at ? toStory(story, story.content, true) : null,
        draft: toStory(story, story.draft_content ?? story.content, false),
      };
    });
    this.cv = newest;
  }

  /** The stories visible in the given version, ordered by position then slug. */
  list(version: 'published' | 'draft'): Story[] {
    return this.stories
      .map((entry) => (version === 'draft' ? entry.draft : entry.published))
      .filter((story): story is Story => story !== null)
      .sort((a, b) => a.position - b.position || a.full_slug.localeCompare(b.full_slug));
  }
}
