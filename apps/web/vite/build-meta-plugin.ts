import { randomUUID } from 'node:crypto';
import type { Plugin } from 'vite';
import { BUILD_META_DIR, type BuildMeta, type LatestBuild } from '../src/lib/build-info/build-meta';

/**
 * Gives every production build an id (BUILD_ID or a random UUID), exposes it as
 * import.meta.env.VITE_BUILD_ID, and writes _build/meta/{id}.json and
 * _build/latest.json, which the running app polls to notice a new deployment.
 */
export function buildMetaPlugin(buildId: string = process.env.BUILD_ID ?? randomUUID()): Plugin {
  const timestamp = Date.now();
  return {
    name: 'burgwall-build-meta',
    config: () => ({ define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) } }),
    generateBundle(_options, bundle) {
      const entries = Object.values(bundle)
        .filter((chunk) => chunk.type === 'chunk' && chunk.isEntry)
        .map((chunk) => chunk.fileName);
      const meta: BuildMeta = { id: buildId, timestamp, entries };
      const latest: LatestBuild = { id: buildId, timestamp };
      this.emitFile({ type: 'asset', fileName: `${BUILD_META_DIR}/meta/${buildId}.json`, source: JSON.stringify(meta) });
      this.emitFile({ type: 'asset', fileName: `${BUILD_META_DIR}/latest.json`, source: JSON.stringify(latest) });
    },
  };
}
