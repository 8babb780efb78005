import { data, useLoaderData } from 'react-router';
import './blocks';
import { BlockRenderer } from './block-renderer';
import type { Story } from './content-client';
import { ContentError } from './content-error';
import { loadStory } from './content-service';

/** A route loader for one story; a missing story becomes a 404 for the error screen. */
export function storyLoader(slug: string) {
  return async (): Promise<Story> => {
    try {
      return await loadStory(slug);
    } catch (error) {
      if (error instanceof ContentError && error.status === 404) {
        throw data(`Page Not Found: /${slug}`, { status: 404, statusText: 'Not Found' });
      }
      throw error;
    }
  };
}

/** Renders the loaded story's content block. */
export function StoryRoute() {
  const story = useLoaderData() as Story;
  return <BlockRenderer block={story.content} />;
}
