import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, tempDir } from '../helpers/browser.js';
import { darkPrismTheme, lightPrismTheme } from '../helpers/prism-themes.js';
import { writeSiteFiles } from '../helpers/site.js';
import { eventually, gotoHydrated, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

// A Docusaurus site's Prism themes (themeConfig.prism.theme and darkTheme) colour its code blocks
// in each mode, and the navbar switch changes them with the mode.
describe.skipIf(!chromiumPath)("code blocks in the site's Prism themes", () => {
  let site: SiteUnderTest;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-code-colours-');
    cleanup = made.cleanup;
    await writeSiteFiles(made.dir, {
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Kit', url: 'https://kit.example.com', baseUrl: '/', titleDelimiter: '·',",
        "  presets: [['classic', { blog: false }]],",
        "  themeConfig: { prism: { theme: require('./prism/light.js'), darkTheme: require('./prism/dark.js') } },",
        '};',
        '',
      ].join('\n'),
      'prism/light.js': `module.exports = ${JSON.stringify(lightPrismTheme)};\n`,
      'prism/dark.js': `module.exports = ${JSON.stringify(darkPrismTheme)};\n`,
      'docs/intro.md': "# Intro\n\n```ts\n// launch the kit\nconst name = 'kit';\n```\n",
    });
    site = await startSiteUnderTest(made.dir, '/');
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await cleanup?.();
  });

  it('colours tokens, text and background by the light theme, then by the dark one when the mode is switched', async () => {
    const { page, problems } = await site.open({ colorScheme: 'light' });
    await gotoHydrated(page, site.url('docs/intro'));
    const look = () =>
      page.evaluate(() => {
        const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
        return {
          keyword: style('.code-block .hljs-keyword').color,
          string: style('.code-block .hljs-string').color,
          comment: `${style('.code-block .hljs-comment').color} ${style('.code-block .hljs-comment').fontStyle}`,
          text: style('.code-block').color,
          background: style('.code-block').backgroundColor,
        };
      });
    await expect(look()).resolves.toEqual({
      keyword: 'rgb(0, 164, 219)',
      string: 'rgb(227, 17, 108)',
      comment: 'rgb(153, 153, 136) italic',
      text: 'rgb(57, 58, 52)',
      background: 'rgb(246, 248, 250)',
    });
    await page.locator('.color-mode-toggle').first().click();
    await eventually(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect(look()).resolves.toEqual({
      keyword: 'rgb(189, 147, 249)',
      string: 'rgb(255, 121, 198)',
      comment: 'rgb(98, 114, 164) normal',
      text: 'rgb(248, 248, 242)',
      background: 'rgb(40, 42, 54)',
    });
    expect(problems).toEqual([]);
  });

  it("sets the search page's title with the site's titleDelimiter in the browser, as the build writes the others", async () => {
    const { page, problems } = await site.open({ colorScheme: 'light' });
    await gotoHydrated(page, site.url('docs/intro'));
    expect(await page.title()).toBe('Intro · Kit');
    await gotoHydrated(page, `${site.url('search')}?q=launch`);
    await eventually(() => page.title()).toMatch(/ · Kit$/);
    expect(problems).toEqual([]);
  });
});
