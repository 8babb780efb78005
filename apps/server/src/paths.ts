import { fileURLToPath } from 'node:url';

/** Repository root, so that `./data` and the web build resolve the same whatever the working directory. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
