/**
 * The production build of the server (`npm start`): the server and the evaluation worker thread as one ES module
 * each in dist/, the workspace packages (@burgwall/*) inside, every npm package left to node_modules.
 *
 * Why: run through tsx, the server and each evaluation worker transpile and keep hundreds of modules at start — the
 * idle server took ~310 MB RSS, built ~215 MB (bench/README.md, "Built server"), and issue 15 bounds the server at
 * 1.5 GB while it evaluates a million objects. Tests and `npm run dev` keep running the TypeScript through tsx.
 *
 *   npm run build -w @burgwall/server      (or: node --import tsx apps/server/build/build-server.ts)
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const SERVER_ROOT = fileURLToPath(new URL('../', import.meta.url));
const SERVER_DIST = path.join(SERVER_ROOT, 'dist');
/** What `npm start` runs. */
const BUILT_SERVER_ENTRY = path.join(SERVER_DIST, 'main.mjs');

/** npm packages stay imports (node_modules is there at run time); only the workspace's own TypeScript is bundled. */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@burgwall/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Builds dist/main.mjs and dist/evaluation-worker.mjs (the name evaluation-worker.ts looks for beside itself).
 * Each file is written under a temporary name and renamed, so a process starting the server meanwhile (parallel test
 * files build too) never reads half a file.
 */
export async function buildServer(): Promise<string> {
  const result = await build({
    entryPoints: {
      main: path.join(SERVER_ROOT, 'src/main.ts'),
      'evaluation-worker': path.join(SERVER_ROOT, 'src/ioe/evaluation-worker-main.ts'),
    },
    outdir: SERVER_DIST,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Names kept for readable stack traces and error reports (no minification).
    keepNames: true,
    write: false,
    logLevel: 'warning',
    plugins: [npmPackagesExternal],
  });
  await mkdir(SERVER_DIST, { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
  }
  return BUILT_SERVER_ENTRY;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer();
  console.log(`[burgwall] server built: ${path.relative(process.cwd(), BUILT_SERVER_ENTRY)}`);
}
