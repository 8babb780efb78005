/**
 * The server as `npm start` runs it (apps/server/build/build-server.ts → `node apps/server/dist/main.mjs`), for tests
 * and benches that start it as a process: they test what users run, not the TypeScript through tsx. Built once per
 * process (esbuild, under a second); parallel test files may build at the same time, the build writes atomically.
 */
import { buildServer } from '../apps/server/build/build-server';

let built: Promise<string> | undefined;

/** Node's arguments to start the built server (after any Node options of the caller). */
export async function builtServerArgs(): Promise<string[]> {
  built ??= buildServer();
  return [await built];
}
