import { rm } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load.js';
import { UserError } from '../src/core/diagnostic.js';
import { themeSettingsCss } from '../src/bundle/theme-stylesheet.js';
import { darkPrismTheme, lightPrismTheme } from './helpers/prism-themes.js';
import { writeSiteFiles } from './helpers/site.js';

/*
 * themeConfig.prism of a Docusaurus config becomes theme.codeColors (tests/browser/code-colours.test.ts
 * looks at the colours in Chromium).
 */

const sites: string[] = [];
afterAll(async () => {
  for (const dir of sites) await rm(dir, { recursive: true, force: true });
});

async function siteWithPrism(prism: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-prism-'));
  sites.push(dir);
  await writeSiteFiles(dir, {
    'docusaurus.config.js': [
      `const light = ${JSON.stringify(lightPrismTheme)};`,
      `const dark = ${JSON.stringify(darkPrismTheme)};`,
      'module.exports = {',
      "  title: 'Kit', url: 'https://kit.example.com', baseUrl: '/',",
      "  presets: [['classic', { blog: false }]],",
      `  themeConfig: { prism: ${prism} },`,
      '};',
      '',
    ].join('\n'),
    'docs/intro.md': '# Intro\n',
  });
  return dir;
}

describe('themeConfig.prism', () => {
  it('gives each mode its theme, with no warning, and the stylesheet its colours', async () => {
    const config = await loadConfig(await siteWithPrism("{ theme: light, darkTheme: dark, additionalLanguages: ['rust'] }"));
    expect(config.theme.codeColors?.light?.plain.backgroundColor).toBe('#f6f8fa');
    expect(config.theme.codeColors?.dark?.plain.backgroundColor).toBe('#282a36');
    expect((config.configWarnings ?? []).map((warning) => warning.message).filter((message) => message.includes('prism'))).toEqual([]);
    const css = themeSettingsCss(config);
    expect(css).toContain(":root:not([data-theme='dark']){--hl-keyword:#00a4db;--hl-string:#e3116c;--hl-comment:#999988;--hl-title:#d73a49;--sdkdocs-color-code-bg:#f6f8fa;--sdkdocs-code-text:#393a34;--sdkdocs-code-comment-style:italic}");
    expect(css).toContain("[data-theme='dark']{--hl-keyword:rgb(189, 147, 249);");
  });

  it('colours dark mode with `theme` too when there is no darkTheme, as Docusaurus does', async () => {
    const config = await loadConfig(await siteWithPrism('{ theme: light }'));
    expect(config.theme.codeColors?.dark).toEqual(config.theme.codeColors?.light);
  });

  it('leaves sdkdocs\' colours alone without a Prism theme', async () => {
    const config = await loadConfig(await siteWithPrism("{ additionalLanguages: ['rust'] }"));
    expect(config.theme.codeColors).toBeUndefined();
    expect(themeSettingsCss(config)).not.toContain('--hl-');
  });

  it('refuses a value that could end the rule, at its key', async () => {
    const error = await loadConfig(await siteWithPrism("{ theme: { plain: { color: 'red;}body{display:none' }, styles: [] } }")).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    const [diagnostic] = (error as UserError).diagnostics;
    expect(diagnostic?.message).toContain('themeConfig.prism.theme');
    expect(diagnostic?.line).toBe(6);
  });
});
