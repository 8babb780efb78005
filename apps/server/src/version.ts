import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths';

/** The product version is the root package's version. */
export const VERSION: string = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version;
