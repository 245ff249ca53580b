import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presetModuleCandidates } from '../src/config/docusaurus-presets.js';
import { loadConfig } from '../src/config/load.js';
import { repoRoot } from './helpers/site.js';

/**
 * A site whose config names a company preset that wraps preset-classic (as Meta's sites do with
 * docusaurus-plugin-internaldocs-fb): the preset adds a remark plugin and a theme, then hands its
 * docs, blog and theme options on. Built from its own folder by the shipped CLI.
 */

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

function write(root: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
}

/** The wrapper preset, as such packages are written: CommonJS, a default export. */
const wrapperPreset = `
'use strict';
function stampVersion() {
  return (tree) => {
    const visit = (node) => {
      if (node.type === 'text') node.value = node.value.replace(/ACME_VERSION/g, '4.2.0');
      for (const child of node.children ?? []) visit(child);
    };
    visit(tree);
  };
}
function preset(context, opts) {
  if (!context.siteConfig.themeConfig) throw new Error('no themeConfig in the context');
  const { acmeProject, ...classic } = opts;
  classic.docs.remarkPlugins = [...(classic.docs.remarkPlugins ?? []), stampVersion];
  return {
    themes: [['@docusaurus/theme-classic', classic.theme], [require.resolve('./theme'), { acmeProject }]],
    plugins: [
      ['@docusaurus/plugin-content-docs', classic.docs],
      ['@docusaurus/plugin-content-blog', classic.blog],
      ['@docusaurus/plugin-content-pages', {}],
      ['@docusaurus/plugin-google-gtag', { trackingID: 'G-1' }],
    ],
  };
}
exports.default = preset;
`;

function presetSite(config: string, extra: Record<string, string> = {}): string {
  const site = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-preset-'));
  temporary.push(site);
  write(site, {
    'package.json': JSON.stringify({ name: 'acme-website', private: true }),
    'docusaurus.config.js': config,
    'guides/intro.md': '---\nslug: /\n---\n# Welcome\n\nThis is Acme ACME_VERSION.\n',
    'blog/2024-01-02-hello.md': '---\ntitle: Hello\nauthors: [{ name: Ada }]\n---\nFirst post.\n',
    'src/css/brand.css': ':root { --ifm-color-primary: #c2185b; }\n',
    'node_modules/docusaurus-preset-acme/package.json': JSON.stringify({ name: 'docusaurus-preset-acme', main: 'index.js' }),
    'node_modules/docusaurus-preset-acme/index.js': wrapperPreset,
    'node_modules/docusaurus-preset-acme/theme.js': "module.exports = function acmeTheme() { return { name: 'acme-theme' }; };\n",
    ...extra,
  });
  return site;
}

const acmeConfig = (presetName: string) => `module.exports = {
  title: 'Acme',
  url: 'https://acme.example',
  baseUrl: '/',
  presets: [
    [
      '${presetName}',
      {
        docs: { path: 'guides', routeBasePath: '/' },
        blog: { showReadingTime: false },
        theme: { customCss: require.resolve('./src/css/brand.css') },
        acmeProject: 'acme',
      },
    ],
  ],
};
`;

function runCli(site: string, command = 'build') {
  return spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), command, '.'], { cwd: site, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => path.join(dir, file)).filter((file) => statSync(file).isFile());
}

describe('a preset that wraps preset-classic', () => {
  let site: string;
  let result: ReturnType<typeof runCli>;

  beforeAll(() => {
    site = presetSite(acmeConfig('acme'));
    result = runCli(site);
  }, 120_000);

  it('is run, so its docs folder, blog and pages are built', () => {
    expect(result.stderr).toMatch(/Built \d+ pages/);
    expect(result.status).toBe(0);
    expect(readFileSync(path.join(site, 'out', 'index.html'), 'utf8')).toContain('Welcome');
    expect(readFileSync(path.join(site, 'out', 'blog', 'index.html'), 'utf8')).toContain('Hello');
  });

  it('runs the remark plugin it adds to the docs', () => {
    const home = readFileSync(path.join(site, 'out', 'index.html'), 'utf8');
    expect(home).toContain('This is Acme 4.2.0.');
    expect(home).not.toContain('ACME_VERSION');
  });

  it("applies the custom CSS it hands to preset-classic's theme", () => {
    const css = filesUnder(path.join(site, 'out')).filter((file) => file.endsWith('.css')).map((file) => readFileSync(file, 'utf8')).join('\n');
    expect(css).toContain('#c2185b');
  });

  it('names what it adds that sdkdocs does not run, at the preset in the config', () => {
    const warnings = result.stderr.split('\n').filter((line) => line.includes(' warning '));
    expect(warnings).toContainEqual(expect.stringMatching(/^docusaurus\.config\.js:6:5 warning presets\[0\]: the theme docusaurus-preset-acme \(added by the preset acme\) is not run/));
    // The gtag plugin it adds is applied: analytics in every page.
    expect(warnings.filter((line) => line.includes('gtag'))).toEqual([]);
    expect(readFileSync(path.join(site, 'out', 'index.html'), 'utf8')).toContain('https://www.googletagmanager.com/gtag/js?id=G-1');
    expect(warnings.filter((line) => line.includes('is not run: the docs, pages and plugins it adds are missing'))).toEqual([]);
  });
});

describe('sdkdocs migrate of a site with such a preset', () => {
  it('refuses at the preset, since what it adds is made each time it runs, and writes nothing', () => {
    const site = presetSite(acmeConfig('acme'));
    const result = runCli(site, 'migrate');
    expect(result.stderr).toMatch(/docusaurus\.config\.js:6:5 error presets\[0\]: the preset acme cannot be written into an sdkdocs config/);
    expect(result.stderr).toContain('Keep docusaurus.config.js: `sdkdocs build` runs the preset from it on every build.');
    expect(result.status).toBe(1);
    expect(existsSync(path.join(site, 'sdkdocs.config.ts'))).toBe(false);
  }, 60_000);
});

describe('a preset sdkdocs cannot run', () => {
  it('is a located warning that says why: missing, or throwing', () => {
    const missing = presetSite(acmeConfig('@acme/gone'));
    const missingRun = runCli(missing);
    expect(missingRun.stderr).toMatch(/docusaurus\.config\.js:6:5 warning presets\[0\]: the preset @acme\/gone is not run \(it is not installed \(tried @acme\/gone, @acme\/docusaurus-preset-gone from [^)]+\)\): the docs, pages and plugins it adds are missing/);

    const throwing = presetSite(acmeConfig('acme'), { 'node_modules/docusaurus-preset-acme/index.js': "exports.default = function preset() { throw new Error('needs the intranet'); };\n" });
    const throwingRun = runCli(throwing);
    expect(throwingRun.stderr).toMatch(/docusaurus\.config\.js:6:5 warning presets\[0\]: the preset acme is not run \(it threw: needs the intranet\)/);
  }, 120_000);
});

describe("a preset of the site's own", () => {
  it('is run from its path, and is an input of the config, so that editing it makes the docs again', async () => {
    const site = presetSite(acmeConfig('./acme-preset.js'), { 'acme-preset.js': wrapperPreset.replace("require.resolve('./theme')", "require.resolve('./node_modules/docusaurus-preset-acme/theme')") });
    const config = await loadConfig(site);
    expect(config.docs.path).toBe('guides');
    expect(config.configInputs).toContain(path.join(site, 'acme-preset.js'));
  });
});

describe('preset names', () => {
  it('are looked up as Docusaurus looks them up', () => {
    expect(presetModuleCandidates('acme')).toEqual(['acme', '@docusaurus/preset-acme', 'docusaurus-preset-acme']);
    expect(presetModuleCandidates('@acme')).toEqual(['@acme/docusaurus-preset']);
    expect(presetModuleCandidates('@acme/docs')).toEqual(['@acme/docs', '@acme/docusaurus-preset-docs']);
    expect(presetModuleCandidates('./presets/local.js')).toEqual(['./presets/local.js']);
  });
});
