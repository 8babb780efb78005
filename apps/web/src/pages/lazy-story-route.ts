import type { RouteObject } from 'react-router';

/** A content story as a lazily loaded route: the content client is not part of the first load. */
export function lazyStoryRoute(slug: string): RouteObject['lazy'] {
  return async () => {
    const { StoryRoute, storyLoader } = await import('../features/content/story-route');
    return { Component: StoryRoute, loader: storyLoader(slug) };
  };
}
