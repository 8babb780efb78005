// The evaluation worker thread's entry (evaluation-worker.ts). Plain JavaScript because a worker thread does not
// inherit the main thread's tsx loader on Node 20: it loads the TypeScript worker code through tsx's API itself.
import { tsImport } from 'tsx/esm/api';

await tsImport('./evaluation-worker-main.ts', import.meta.url);
