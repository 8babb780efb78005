/** A rejected content request (SPEC §8): message, status and the raw response. */
export class ContentError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly response: unknown,
  ) {
    super(message);
    this.name = 'ContentError';
  }
}

/**
 * The message of an error body (SPEC §8): the `error` field, else the first
 * field error as 'field: message', else the slug, else 'Unknown error'.
 */
export function contentErrorMessage(data: unknown): string {
  if (Array.isArray(data)) return typeof data[0] === 'string' && data[0] ? data[0] : 'Unknown error';
  if (data && typeof data === 'object') {
    const body = data as Record<string, unknown>;
    if (typeof body.error === 'string' && body.error) return body.error;
    for (const [field, value] of Object.entries(body)) {
      if (Array.isArray(value) && typeof value[0] === 'string') return `${field}: ${value[0]}`;
    }
    if (typeof body.slug === 'string' && body.slug) return body.slug;
  }
  return 'Unknown error';
}

/** Turns what storyblok-js-client rejects with into a ContentError with our message rules. */
export function toContentError(raw: unknown): ContentError {
  if (raw instanceof ContentError) return raw;
  const error = (raw ?? {}) as { message?: unknown; status?: unknown; response?: { data?: unknown } };
  const status = typeof error.status === 'number' ? error.status : undefined;
  if (error.response !== undefined) return new ContentError(contentErrorMessage(error.response.data), status, error.response);
  const message = typeof error.message === 'string' && error.message ? error.message : 'Unknown error';
  return new ContentError(message, status, undefined);
}
