import type { RouteObject } from 'react-router';
import { PRIVACY_PATH, IMPRINT_PATH } from '../lib/consent/consent-config';
import { lazyStoryRoute } from './lazy-story-route';

/** Privacy and imprint pages (linked from the cookie banner and the footer), from content stories. */
export const legalRoutes: RouteObject[] = [
  { path: PRIVACY_PATH.slice(1), lazy: lazyStoryRoute('datenschutz') },
  { path: IMPRINT_PATH.slice(1), lazy: lazyStoryRoute('impressum') },
];
