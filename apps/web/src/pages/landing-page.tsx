import { StoryRoute, storyLoader } from '../features/content/story-route';

/** The public start page: its texts come from the content story 'home'. */
export const landingLoader = storyLoader('home');

export function LandingPage() {
  return <StoryRoute />;
}
