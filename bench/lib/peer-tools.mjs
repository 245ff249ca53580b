import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const docusaurusVersion = '3.10.2';

/**
 * The other tools the benchmarks compare against, each pinned: a figure names the versions it was
 * measured with. Each set is installed into its own folder under the system's temporary folder,
 * never into this repository, named by its package list, so a changed list installs afresh beside the old one.
 */
export const peerTools = {
  docusaurus: {
    label: `Docusaurus ${docusaurusVersion}`,
    version: docusaurusVersion,
    packages: [
      `@docusaurus/core@${docusaurusVersion}`,
      `@docusaurus/preset-classic@${docusaurusVersion}`,
      `@docusaurus/theme-mermaid@${docusaurusVersion}`,
      `@docusaurus/faster@${docusaurusVersion}`,
      // The local search most Docusaurus sites without Algolia use: it builds a lunr index at build time, as sdkdocs builds its own.
      '@easyops-cn/docusaurus-search-local@0.55.3',
      // The API reference as markdown docs, for the reader-side bench.
      'docusaurus-plugin-typedoc@1.4.3',
      'typedoc-plugin-markdown@4.14.1',
      'typedoc@0.28.20',
      'typescript@5.9.3',
      'react@19.2.0',
      'react-dom@19.2.0',
    ],
  },
  rspress: { label: 'Rspress 2.0.22', version: '2.0.22', packages: ['@rspress/core@2.0.22'] },
  vitepress: { label: 'VitePress 1.6.4', version: '1.6.4', packages: ['vitepress@1.6.4'] },
  lighthouse: { label: 'Lighthouse 12.8.2', version: '12.8.2', packages: ['lighthouse@12.8.2'] },
};

/**
 * Installs a peer tool's packages (once) and returns the folder holding its node_modules, or
 * undefined with the reason printed when npm fails: a tool that does not install on this machine is
 * left out of the comparison, not a reason to stop it.
 */
export function installPeerTool(name, log = (line) => process.stderr.write(`${line}\n`)) {
  const tool = peerTools[name];
  const wanted = `${tool.packages.join('\n')}\n`;
  const listHash = createHash('sha256').update(wanted).digest('hex').slice(0, 8);
  const home = path.join(os.tmpdir(), 'sdkdocs-bench-tools', `${name}-${tool.version}-${listHash}`);
  const marker = path.join(home, '.installed');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === wanted) return home;
  rmSync(home, { recursive: true, force: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(path.join(home, 'package.json'), JSON.stringify({ name: `sdkdocs-bench-${name}`, private: true }));
  log(`installing ${tool.label} into ${home} (once)…`);
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--legacy-peer-deps', ...tool.packages], {
    cwd: home,
    encoding: 'utf8',
    env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1' },
  });
  if (result.status !== 0) {
    log(`${tool.label} did not install, left out: ${(result.stderr || result.stdout).trim().split('\n').slice(-3).join(' / ')}`);
    return undefined;
  }
  writeFileSync(marker, wanted);
  return home;
}
