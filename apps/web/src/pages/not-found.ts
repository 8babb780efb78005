import { data, type LoaderFunctionArgs } from 'react-router';

/** Catch-all loader: an unknown page becomes a 404 for the error screen. */
export function notFoundLoader({ request }: LoaderFunctionArgs): never {
  const { pathname } = new URL(request.url);
  throw data(`Page Not Found: ${pathname}`, { status: 404, statusText: 'Not Found' });
}
