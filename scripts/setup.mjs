#!/usr/bin/env node
// Prepares a fresh clone: installs the npm packages, compiles sdkdocs, and installs Chromium from
// the system's package manager when no Chromium is found (mermaid diagrams and browser tests need
// one; sdkdocs depends on puppeteer-core, which downloads no browser of its own). Uses only Node's
// standard library, so it runs before anything is installed. Safe to run again: it skips what is done.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const quiet = process.argv.includes('--quiet');
const log = (message) => {
  if (!quiet) console.error(`setup: ${message}`);
};
const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { cwd: root, stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`setup: \`${command} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
};

const lockFile = path.join(root, 'package-lock.json');
const installedLock = path.join(root, 'node_modules', '.package-lock.json');
if (!existsSync(installedLock) || statSync(installedLock).mtimeMs < statSync(lockFile).mtimeMs) {
  log('installing npm packages (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
} else {
  log('npm packages are installed');
}

log('compiling sdkdocs (tsc)…');
run(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json']);
log('bundling the CLI and its worker threads (esbuild)…');
run(process.execPath, [path.join(root, 'scripts', 'bundle-dist.mjs')]);

const envVars = ['SDKDOCS_CHROMIUM', 'PUPPETEER_EXECUTABLE_PATH', 'CHROME_PATH'];
const onPath = (name) => {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
};
const chromium =
  envVars.map((name) => process.env[name]).find((file) => file && existsSync(file)) ||
  ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'].map(onPath).find(Boolean);
if (chromium) {
  log(`Chromium: ${chromium}`);
} else if (onPath('apt-get')) {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = asRoot ? [] : onPath('sudo') ? ['sudo'] : null;
  if (!sudo) {
    console.error('setup: Chromium is missing and installing it needs root: run `apt-get install -y chromium` as root, or set SDKDOCS_CHROMIUM.');
    process.exit(1);
  }
  log('installing Chromium (apt-get install chromium)…');
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run(sudo[0] ?? 'apt-get', [...(sudo.length ? ['apt-get'] : []), 'update', '-qq'], { env: aptEnv });
  run(sudo[0] ?? 'apt-get', [...(sudo.length ? ['apt-get'] : []), 'install', '-y', '-qq', 'chromium'], { env: aptEnv });
} else {
  console.error('setup: no Chromium found and no apt-get to install it. Install Chromium or Chrome and set SDKDOCS_CHROMIUM to its path.');
  process.exit(1);
}

const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
log(`ready: sdkdocs ${version}`);
