import { z } from 'zod';
import type { ContentBlock, Story } from './story-store';

/** Storyblok caps per_page at 100 and returns 25 by default (SPEC §7, §9). */
export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;
/** Storyblok embeds at most 50 related stories; beyond that it sends only their uuids. */
export const MAX_EMBEDDED_RELATIONS = 50;

const commaList = z
  .string()
  .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean));

export const storiesQuerySchema = z.object({
  token: z.string().optional(),
  version: z.enum(['published', 'draft']).default('published'),
  cv: z.coerce.number().int().nonnegative().optional(),
  resolve_relations: commaList.optional(),
  resolve_links: z.enum(['0', '1', 'story', 'url', 'link']).optional(),
  resolve_level: z.coerce.number().int().optional(),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
  page: z.coerce.number().int().min(1).default(1),
  language: z.string().regex(/^[a-z]{2}(-[a-z]{2})?$|^default$/i).optional(),
  starts_with: z.string().optional(),
  by_uuids: commaList.optional(),
  by_slugs: commaList.optional(),
  excluding_fields: commaList.optional(),
  excluding_story_fields: commaList.optional(),
  find_by: z.enum(['uuid']).optional(),
});

export type StoriesQuery = z.infer<typeof storiesQuerySchema>;

function isBlock(value: unknown): value is ContentBlock {
  return typeof value === 'object' && value !== null && typeof (value as ContentBlock).component === 'string';
}

/** Walks every block of a content tree (depth first), including blocks in arrays. */
function forEachBlock(node: unknown, visit: (block: ContentBlock) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) forEachBlock(item, visit);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  if (isBlock(node)) visit(node);
  for (const value of Object.values(node)) forEachBlock(value, visit);
}

/** A copy of the content without the named fields on any block (`excluding_fields`). */
function withoutFields(content: ContentBlock, fields: readonly string[]): ContentBlock {
  const copy = structuredClone(content);
  forEachBlock(copy, (block) => {
    for (const field of fields) if (field !== 'component' && field !== '_uid') delete block[field];
  });
  return copy;
}

/** Uuids named by `component.field` relation fields (a uuid or a list of uuids). */
function relationUuids(stories: readonly Story[], relations: readonly string[]): string[] {
  const found = new Set<string>();
  for (const story of stories) {
    forEachBlock(story.content, (block) => {
      for (const relation of relations) {
        const [component, field] = relation.split('.');
        if (component !== block.component || !field) continue;
        const value = block[field];
        for (const uuid of Array.isArray(value) ? value : [value]) if (typeof uuid === 'string') found.add(uuid);
      }
    });
  }
  return [...found];
}

/** Uuids of story links (`{linktype: 'story', id: uuid}`) anywhere in the content. */
function linkUuids(stories: readonly Story[]): string[] {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== 'object' || node === null) return;
    const link = node as { linktype?: unknown; id?: unknown; uuid?: unknown };
    if (link.linktype === 'story') {
      const uuid = typeof link.id === 'string' && link.id ? link.id : link.uuid;
      if (typeof uuid === 'string' && uuid) found.add(uuid);
    }
    Object.values(node).forEach(walk);
  };
  stories.forEach((story) => walk(story.content));
  return [...found];
}

function shape(story: Story, query: StoriesQuery): Story {
  let result: Story = story;
  if (query.excluding_fields?.length) result = { ...result, content: withoutFields(result.content, query.excluding_fields) };
  if (query.language && query.language !== 'default') result = { ...result, lang: query.language.toLowerCase() };
  if (query.excluding_story_fields?.length) {
    const copy: Record<string, unknown> = { ...result };
    for (const field of query.excluding_story_fields) if (field !== 'uuid' && field !== 'content') delete copy[field];
    result = copy as unknown as Story;
  }
  return result;
}

export interface RelatedStories {
  rels?: Story[];
  rel_uuids?: string[];
  links?: Story[];
  link_uuids?: string[];
}

/** rels/links for the requested resolution; over 50, only the uuids (the client fetches them in batches). */
export function relatedStories(found: readonly Story[], all: readonly Story[], query: StoriesQuery): RelatedStories {
  const byUuid = new Map(all.map((story) => [story.uuid, story]));
  const related: RelatedStories = {};
  const pick = (uuids: string[]) => uuids.filter((uuid) => byUuid.has(uuid));
  if (query.resolve_relations?.length) {
    const uuids = pick(relationUuids(found, query.resolve_relations));
    if (uuids.length > MAX_EMBEDDED_RELATIONS) related.rel_uuids = uuids;
    else related.rels = uuids.map((uuid) => shape(byUuid.get(uuid) as Story, query));
  }
  if (query.resolve_links && query.resolve_links !== '0') {
    const uuids = pick(linkUuids(found));
    if (uuids.length > MAX_EMBEDDED_RELATIONS) related.link_uuids = uuids;
    else related.links = uuids.map((uuid) => shape(byUuid.get(uuid) as Story, query));
  }
  return related;
}

export interface StoryPage {
  stories: Story[];
  total: number;
}

/** Filters (starts_with, by_uuids, by_slugs) and one page of the result. */
export function findStories(all: readonly Story[], query: StoriesQuery): StoryPage {
  const uuids = query.by_uuids ? new Set(query.by_uuids) : null;
  const slugs = query.by_slugs ?? null;
  const prefix = query.starts_with?.replace(/^\//, '');
  const matching = all.filter(
    (story) =>
      (!prefix || story.full_slug.startsWith(prefix)) &&
      (!uuids || uuids.has(story.uuid)) &&
      (!slugs || slugs.some((slug) => (slug.endsWith('/*') ? story.full_slug.startsWith(slug.slice(0, -1)) : story.full_slug === slug))),
  );
  const start = (query.page - 1) * query.per_page;
  return { stories: matching.slice(start, start + query.per_page).map((story) => shape(story, query)), total: matching.length };
}

/** One story by full slug, numeric id or (with find_by=uuid) uuid. */
export function findStory(all: readonly Story[], key: string, query: StoriesQuery): Story | null {
  const story = all.find((candidate) =>
    query.find_by === 'uuid' ? candidate.uuid === key : candidate.full_slug === key || String(candidate.id) === key,
  );
  return story ? shape(story, query) : null;
}
