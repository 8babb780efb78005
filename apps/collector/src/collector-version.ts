import { readFileSync } from 'node:fs';

/** This collector's version (its package.json). */
export const COLLECTOR_VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
