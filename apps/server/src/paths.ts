import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's folder (apps/server/). This module runs either as src/paths.ts (tsx, tests) or bundled into
 * dist/*.mjs (`npm start`, build/build-server.ts): both lie one level below it, so one relative URL serves both.
 */
export const SERVER_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Repository root, so that `./data` and the web build resolve the same whatever the working directory. */
export const REPO_ROOT = path.join(SERVER_ROOT, '../../');
