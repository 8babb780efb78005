import { z } from 'zod';

/**
 * Answers of the Storyblok-compatible content API (`/content/v2/cdn/stories…`, SPEC §7 content service). They keep
 * Storyblok's field names, so storyblok-js-client reads them unchanged; blocks carry any further fields of their
 * component, and stories any further fields of the story files.
 */

/** A content block: component name, unique id, optional editor marker and the component's own fields. */
export const contentBlockSchema = z
  .looseObject({
    component: z.string(),
    _uid: z.string(),
    _editable: z.string().optional(),
  })
  .describe('Inhaltsblock mit den Feldern seiner Komponente');
export type ContentBlock = z.infer<typeof contentBlockSchema>;

/** One story as the Storyblok CDN API returns it (`excluding_story_fields` may leave out all but uuid and content). */
export const storySchema = z
  .looseObject({
    id: z.number().int().optional(),
    uuid: z.string(),
    name: z.string().optional(),
    slug: z.string().optional(),
    full_slug: z.string().optional(),
    content: contentBlockSchema,
    created_at: z.string().optional(),
    published_at: z.string().nullable().optional(),
    first_published_at: z.string().nullable().optional(),
    position: z.number().optional(),
    is_startpage: z.boolean().optional(),
    parent_id: z.number().nullable().optional(),
    group_id: z.string().optional(),
    lang: z.string().optional(),
    path: z.string().nullable().optional(),
    tag_list: z.array(z.string()).optional(),
    sort_by_date: z.string().nullable().optional(),
    meta_data: z.unknown().optional(),
    release_id: z.unknown().optional(),
    alternates: z.array(z.unknown()).optional(),
    default_full_slug: z.string().nullable().optional(),
    translated_slugs: z.unknown().optional(),
  })
  .describe('Story (Seite) im Format der Storyblok-CDN-API');
export type Story = z.infer<typeof storySchema>;

/** Related stories of `resolve_relations` / `resolve_links`: embedded up to 50, beyond that only their uuids. */
const relatedStoriesShape = {
  rels: z.array(storySchema).optional().describe('Aufgelöste Beziehungen (höchstens 50)'),
  rel_uuids: z.array(z.string()).optional().describe('UUIDs der Beziehungen, wenn es mehr als 50 sind'),
  links: z.array(storySchema).optional().describe('Aufgelöste Story-Links (höchstens 50)'),
  link_uuids: z.array(z.string()).optional().describe('UUIDs der Story-Links, wenn es mehr als 50 sind'),
};

/** GET cdn/stories: one page of stories (headers per-page and total carry the paging). */
export const storiesAnswerSchema = z.object({
  stories: z.array(storySchema),
  cv: z.number().int().describe('Cache-Version der Inhalte'),
  ...relatedStoriesShape,
});
export type StoriesAnswer = z.infer<typeof storiesAnswerSchema>;

/** GET cdn/stories/{slug}: one story. */
export const storyAnswerSchema = z.object({
  story: storySchema,
  cv: z.number().int().describe('Cache-Version der Inhalte'),
  ...relatedStoriesShape,
});
export type StoryAnswer = z.infer<typeof storyAnswerSchema>;
