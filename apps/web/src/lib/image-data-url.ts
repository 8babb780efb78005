/**
 * Image fetch to a base64 data URL (SPEC §7 "Other"). Only images of the app's own origin (the /_ipx proxy, which
 * serves the content service's local images) are fetched: a path from content must not turn the browser into a
 * fetcher for other hosts, and the server side has no remote image source at all (see images/ipx-route.ts).
 */

/** Largest image inlined (placeholders are tiny; this only stops a wrong path from inlining a huge file). */
export const MAX_DATA_URL_BYTES = 512 * 1024;

export class ImageDataUrlError extends Error {}

export interface ImageDataUrlOptions {
  /** The origin images may come from; default the page's own. */
  origin?: string;
  maxBytes?: number;
  signal?: AbortSignal;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode with a whole image as arguments overflows the call stack.
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}

/** `data:image/…;base64,…` of the image at `url` (relative to the origin); German errors for what cannot be inlined. */
export async function fetchImageDataUrl(url: string, options: ImageDataUrlOptions = {}): Promise<string> {
  const origin = options.origin ?? window.location.origin;
  const maxBytes = options.maxBytes ?? MAX_DATA_URL_BYTES;
  const target = new URL(url, origin);
  if (target.origin !== new URL(origin).origin) throw new ImageDataUrlError(`Bilder werden nur vom eigenen Server geladen, nicht von ${target.host}.`);
  const response = await fetch(target, { credentials: 'same-origin', signal: options.signal });
  if (!response.ok) throw new ImageDataUrlError(`Das Bild ${target.pathname} konnte nicht geladen werden (HTTP ${response.status}).`);
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!type.startsWith('image/')) throw new ImageDataUrlError(`${target.pathname} ist kein Bild (${type || 'ohne Inhaltstyp'}).`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new ImageDataUrlError(`Das Bild ${target.pathname} ist zu groß für eine Daten-URL (${declared} Byte).`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength > maxBytes) throw new ImageDataUrlError(`Das Bild ${target.pathname} ist zu groß für eine Daten-URL (${bytes.byteLength} Byte).`);
  return `data:${type};base64,${toBase64(bytes)}`;
}
