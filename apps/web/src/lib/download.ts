import { mainRole } from '@burgwall/shared';
import { ApiError } from './api-client';
import { apiUrl } from './api-base';
import { withAuthRetry } from './auth/auth-error';
import type { SessionState } from './auth/session';

/** Same token rules as the API client (SPEC §4): an auth error refreshes once, then signs out. */
function authorisedFetch(path: string): Promise<Response> {
  return withAuthRetry((session) => fetchWith(path, session));
}

async function fetchWith(path: string, session: SessionState): Promise<Response> {
  const headers: Record<string, string> = {};
  if (session.data) {
    headers.authorization = `Bearer ${session.data.accessToken}`;
    const role = mainRole(session.data.user.roles);
    if (role) headers['x-hasura-role'] = role;
  }
  const response = await fetch(apiUrl(path), { headers, credentials: 'same-origin' });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiError(response.status, body);
  }
  return response;
}

/** Downloads a file from the API with the session's bearer token and saves it under the server's file name. */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const response = await authorisedFetch(path);
  const name = response.headers.get('content-disposition')?.match(/filename="([^"]+)"/)?.[1] ?? fallbackName;
  saveBlob(await response.blob(), name);
  return name;
}

/** Hands a file the page already holds to the browser's download (the object URL is freed once it started). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A protected file (e.g. a logo) as an object URL; the caller revokes it. */
downloadFile.asObjectUrl = async (path: string): Promise<string> => URL.createObjectURL(await (await authorisedFetch(path)).blob());
