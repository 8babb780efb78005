import { lazyStoryRoute } from './lazy-story-route';

/** The public start page: its texts come from the content story 'home'. */
export const landingRoute = lazyStoryRoute('home');
