import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Installs `pkg@version` alone into a folder of `scratchRoot` (never into this repository), once
 * per exact version: a folder without the marker is a broken install and is made again. Returns
 * the package's folder.
 */
export function installPinnedPackage(scratchRoot, pkg, version) {
  const spec = `${pkg}@${version}`;
  const prefix = path.join(scratchRoot, 'packages', spec.replace(/[/@]/g, '_'));
  const marker = path.join(prefix, '.installed');
  if (!existsSync(marker)) {
    rmSync(prefix, { recursive: true, force: true });
    mkdirSync(prefix, { recursive: true });
    process.stderr.write(`installing ${spec}\n`);
    // Peer dependencies (eslint, typescript…) are not needed to read docs or source.
    const result = spawnSync('npm', ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', '--legacy-peer-deps', '--prefix', prefix, spec], {
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`npm install ${spec} failed:\n${result.stderr}`);
    writeFileSync(marker, `${spec}\n`);
  }
  return path.join(prefix, 'node_modules', pkg);
}
