/**
 * What the browser must download before a route shows, read from the Vite
 * manifest of the real build (apps/web/dist/.vite/manifest.json): the entry's
 * static imports, plus the route's lazily loaded layout and page with their
 * static imports. Sizes are those of the pre-compressed .gz files the server
 * sends (the headers test checks that it sends them).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface FirstLoad {
  /** Files of the first load, relative to the dist folder. */
  js: string[];
  css: string[];
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** index.html, JS, CSS (gzip) and the Latin font file (woff2, compressed already). */
  totalBytes: number;
}

export function readManifest(dist = WEB_DIST): Manifest {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Size of the gzip copy the build wrote next to the file; files under 1 KB stay uncompressed. */
export function gzipBytes(file: string, dist = WEB_DIST): number {
  const full = path.join(dist, file);
  return existsSync(`${full}.gz`) ? statSync(`${full}.gz`).size : statSync(full).size;
}

function collect(manifest: Manifest, key: string, seen: Set<string>): void {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} fehlt im Vite-Manifest`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, seen);
}

/** The first load of a route whose lazy modules (layout, page) are given by source path, e.g. 'src/layouts/default-layout.tsx'. */
export function firstLoad(routeModules: string[], dist = WEB_DIST): FirstLoad {
  const manifest = readManifest(dist);
  const keys = new Set<string>();
  for (const key of ['index.html', ...routeModules]) collect(manifest, key, keys);
  const chunks = [...keys].map((key) => manifest[key] as ManifestChunk);
  const js = chunks.map((chunk) => chunk.file);
  const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
  const font = chunks.flatMap((chunk) => chunk.assets ?? []).find((asset) => /inter-latin-wght-normal.*\.woff2$/.test(asset));
  if (!font) throw new Error('Die Schrift Inter (latin) gehört nicht zum ersten Laden');
  const jsGzipBytes = js.reduce((sum, file) => sum + gzipBytes(file, dist), 0);
  const cssGzipBytes = css.reduce((sum, file) => sum + gzipBytes(file, dist), 0);
  const fontBytes = statSync(path.join(dist, font)).size;
  return { js, css, jsGzipBytes, cssGzipBytes, totalBytes: gzipBytes('index.html', dist) + jsGzipBytes + cssGzipBytes + fontBytes };
}

export const DASHBOARD_ROUTE_MODULES = ['src/layouts/default-layout.tsx', 'src/features/ioe/dashboard-page.tsx'];
