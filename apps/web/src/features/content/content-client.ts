import type { ContentBlock, Story as ApiStory } from '@burgwall/shared';
import StoryblokClient from 'storyblok-js-client';
import { ContentError, toContentError } from './content-error';

/** SPEC §9: 5 requests per second (3 with an OAuth token), 10 retries after 300 ms, page size 25. */
export const CONTENT_RATE_LIMIT = 5;
export const CONTENT_RATE_LIMIT_OAUTH = 3;
export const CONTENT_MAX_RETRIES = 10;
export const CONTENT_RETRY_DELAY_MS = 300;
export const CONTENT_PER_PAGE = 25;
export const MISSING_TOKEN_MESSAGE = 'You need to provide an access token';

/** Content API hosts by region (SPEC §9), as storyblok-js-client uses them without `endpoint`. */
export const CONTENT_REGION_HOSTS = {
  eu: 'api.storyblok.com',
  us: 'api-us.storyblok.com',
  cn: 'app.storyblokchina.cn',
  ap: 'api-ap.storyblok.com',
  ca: 'api-ca.storyblok.com',
} as const;
export type ContentRegion = keyof typeof CONTENT_REGION_HOSTS;

export interface ContentClientOptions {
  accessToken?: string;
  oauthToken?: string;
  /** Full base URL (replaces region and protocol), e.g. `${origin}/content/v2` for the embedded service. */
  endpoint?: string;
  region?: ContentRegion;
  fetch?: typeof fetch;
  /** Override only for tests; production uses the SPEC delay. */
  retriesDelay?: number;
}

/** A story as the content API answers it (shared storySchema), with the block type of its content. */
export type Story<Content extends ContentBlock = ContentBlock> = ApiStory & { content: Content };

export interface StoryParams {
  version?: 'published' | 'draft';
  language?: string;
  resolve_relations?: string | string[];
  resolve_links?: 'story' | 'url' | 'link';
  starts_with?: string;
  by_uuids?: string;
  excluding_fields?: string;
  per_page?: number;
  page?: number;
  cv?: number;
}

export interface StoryList<Content extends ContentBlock = ContentBlock> {
  stories: Story<Content>[];
  total: number;
  perPage: number;
}

/**
 * The content client (SPEC §7, §8, §9) around storyblok-js-client. Without an
 * access token it logs once and stays disabled: every call rejects without a request.
 */
export class ContentClient {
  private readonly client: StoryblokClient | null;

  constructor(options: ContentClientOptions) {
    if (!options.accessToken && !options.oauthToken) {
      console.error(MISSING_TOKEN_MESSAGE);
      this.client = null;
      return;
    }
    this.client = new StoryblokClient({
      accessToken: options.accessToken,
      oauthToken: options.oauthToken,
      endpoint: options.endpoint,
      region: options.region,
      fetch: options.fetch,
      rateLimit: options.oauthToken ? CONTENT_RATE_LIMIT_OAUTH : CONTENT_RATE_LIMIT,
      maxRetries: CONTENT_MAX_RETRIES,
      retriesDelay: options.retriesDelay ?? CONTENT_RETRY_DELAY_MS,
      cache: { type: 'memory', clear: 'auto' },
    });
  }

  get enabled(): boolean {
    return this.client !== null;
  }

  private async call<T>(run: (client: StoryblokClient) => Promise<T>): Promise<T> {
    if (!this.client) throw new ContentError(MISSING_TOKEN_MESSAGE, undefined, undefined);
    try {
      return await run(this.client);
    } catch (error) {
      throw toContentError(error);
    }
  }

  /** One story by full slug (published by default). */
  getStory<Content extends ContentBlock = ContentBlock>(slug: string, params: StoryParams = {}): Promise<Story<Content>> {
    return this.call(async (client) => {
      const response = await client.getStory(slug, { version: 'published', ...params });
      return response.data.story as unknown as Story<Content>;
    });
  }

  /** One page of stories with the total from the `total` header. */
  getStories<Content extends ContentBlock = ContentBlock>(params: StoryParams = {}): Promise<StoryList<Content>> {
    return this.call(async (client) => {
      const response = await client.getStories({ version: 'published', per_page: CONTENT_PER_PAGE, ...params });
      return {
        stories: response.data.stories as unknown as Story<Content>[],
        total: response.total ?? response.data.stories.length,
        perPage: response.perPage ?? params.per_page ?? CONTENT_PER_PAGE,
      };
    });
  }

  /** Every story of a listing, fetched page by page. */
  getAllStories<Content extends ContentBlock = ContentBlock>(params: StoryParams = {}): Promise<Story<Content>[]> {
    return this.call(async (client) => {
      const stories = await client.getAll('cdn/stories', { version: 'published', per_page: CONTENT_PER_PAGE, ...params });
      return stories as Story<Content>[];
    });
  }
}
