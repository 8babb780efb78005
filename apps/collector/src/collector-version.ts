import { readFileSync } from 'node:fs';

/** Set by the executable build (esbuild `define`); the sources read their package.json. */
declare const BURGWALL_COLLECTOR_VERSION: string | undefined;

/** This collector's version (its package.json). */
export const COLLECTOR_VERSION: string =
  typeof BURGWALL_COLLECTOR_VERSION === 'string'
    ? BURGWALL_COLLECTOR_VERSION
    : (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
