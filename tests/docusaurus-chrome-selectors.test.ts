import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromeSelectorWarnings, classDrawnBy } from '../src/bundle/chrome-selectors.js';
import { createItemMemory } from '../src/core/item-store.js';
import { tempDir } from './helpers/browser.js';
import { fakeSassCompiles, writeFakeSass } from './helpers/fake-sass.js';
import { buildSite, writeSiteFiles } from './helpers/site.js';

type Built = Awaited<ReturnType<typeof buildSite>>;

// Found on 10tap-editor's site: `.menu__list-item.pro a::after { content: 'Pro' }` badges some
// sidebar items, and on immer's: `.navbar--dark { --ifm-navbar-background-color: black }`. Both
// aim at Docusaurus' markup, which sdkdocs' theme does not draw: the badge and the black navbar
// were gone with no word.
describe("customCss rules for Docusaurus' chrome markup", () => {
  let result: Built;
  let siteDir: string;
  const memory = createItemMemory();
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-chrome-selectors-');
    cleanup = made.cleanup;
    siteDir = made.dir;
    const files: Record<string, string> = {
      'docusaurus.config.js':
        "module.exports = { title: 'Kit', url: 'https://example.org', baseUrl: '/kit/', presets: [['classic', { docs: { sidebarPath: './sidebars.js' }, theme: { customCss: './src/css/custom.css' } }]] };\n",
      'sidebars.js': "module.exports = { docs: ['intro', { type: 'doc', id: 'pro', className: 'pro' }] };\n",
      'docs/intro.md': '# Intro\n\nHello.\n',
      'docs/pro.md': '# Pro\n\nPaid.\n',
      'src/css/custom.css': [
        ':root {',
        '  --ifm-color-primary: #ff0a54;',
        '}',
        '/* .navbar__title { color: red; } */',
        '.menu-item.pro { font-weight: bold; }',
        '.menu__list-item.pro a::after {',
        "  content: 'Pro';",
        '}',
        '.navbar--dark { --ifm-navbar-background-color: black; }',
        '',
      ].join('\n'),
    };
    await writeSiteFiles(made.dir, files);
    result = await buildSite(made.dir, { watch: true, memory });
  }, 120_000);
  afterAll(() => cleanup?.());

  it('warns at the first such rule, naming the classes and where sdkdocs has those parts', () => {
    const warnings = result.site.diagnostics.filter((d) => d.code === 'chrome-selector');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ severity: 'warning', line: 6, column: 1 });
    expect(warnings[0]!.file).toMatch(/src[/\\]css[/\\]custom\.css$/);
    expect(warnings[0]!.message).toContain('.menu__list-item, .navbar--dark');
    expect(warnings[0]!.message).not.toContain('navbar__title');
    expect(warnings[0]!.hint).toContain('`.menu-item`');
    expect(warnings[0]!.hint).toContain('`.navbar-dark`');
  });

  it('warns on every rebuild of a watch session, and not once the rule is gone', async () => {
    const chromeWarnings = (built: Built) => built.site.diagnostics.filter((d) => d.code === 'chrome-selector').map((d) => d.message);
    const options = { watch: true, memory };
    const intro = path.join(siteDir, 'docs', 'intro.md');
    await writeFile(intro, '# Intro\n\nHello again.\n');
    const untouched = await buildSite(siteDir, { ...options, changedFiles: new Set([intro]) });
    expect(chromeWarnings(untouched)).toEqual(chromeWarnings(result));
    const css = path.join(siteDir, 'src', 'css', 'custom.css');
    await writeFile(css, ':root {\n  --ifm-color-primary: #ff0a54;\n}\n.navbar-dark { color: white; }\n');
    const edited = await buildSite(siteDir, { ...options, changedFiles: new Set([css]) });
    expect(chromeWarnings(edited)).toEqual([]);
  });

  it("says nothing of classes the site's own swizzled parts draw, nor of declarations", () => {
    const css = '.navbar__brand img { height: 2rem; }\n.hero { background: url(x.menu--y.png); }\n';
    expect(chromeSelectorWarnings([{ file: 'custom.css', css }], (name) => name === 'navbar__brand')).toEqual([]);
  });

  it("says nothing of Sass's `//` comments", () => {
    const scss = '// .navbar__title { font-weight: 700; }\n  // .menu__link {\n.hero { color: red; }\n';
    expect(chromeSelectorWarnings([{ file: '_navbar.scss', css: scss }], () => false)).toEqual([]);
    expect(chromeSelectorWarnings([{ file: 'custom.css', css: '.a { background: url(//cdn.example.com/x.png); }\n.navbar__title { color: red; }\n' }], () => false)).toHaveLength(1);
  });

  it('says nothing of a class the swizzled parts make in a template string from its prefix', () => {
    const code = 'className={clsx("col footer__col", `footer__col_${kebabCase(column.title)}`)}';
    const css = '.footer__col_more { order: 2; }\n.footer__title { color: red; }\n';
    const warnings = chromeSelectorWarnings([{ file: 'custom.css', css }], classDrawnBy(code));
    expect(warnings.map((warning) => warning.message)).toEqual([expect.stringMatching(/^\.footer__title: /)]);
  });
});

// Found on wix/Detox's site: its customCss `custom.scss` is only `@import`s, and its navbar rules
// (`.navbar__title`, `.navbar__link--active`) sit in the partial `_navbar.scss`. The check read
// the customCss file alone and said nothing while those rules styled nothing.
describe("a Sass customCss whose rules for Docusaurus' chrome are in the partials it imports", () => {
  it('warns in the partial, at its first such rule, and follows an edit of the partial in watch', async () => {
    const made = await tempDir('sdkdocs-chrome-selectors-sass-');
    try {
      await writeSiteFiles(made.dir, {
        'docusaurus.config.js':
          "module.exports = { title: 'Kit', url: 'https://example.org', baseUrl: '/kit/', presets: [['classic', { docs: { sidebarPath: false }, theme: { customCss: './src/css/custom.scss' } }]] };\n",
        'docs/intro.md': '# Intro\n\nHello.\n',
        'src/css/custom.scss': "@import 'colors';\n@import 'navbar';\n",
        'src/css/_colors.scss': ':root {\n  --ifm-color-primary: #1b6bcf;\n}\n',
        'src/css/_navbar.scss': '$weight: 300;\n\n.navbar__link {\n  font-weight: $weight;\n}\n',
      });
      writeFakeSass(made.dir);
      const memory = createItemMemory();
      const first = await buildSite(made.dir, { watch: true, memory });
      // The check reads the partials the bundle's compile found: one compile serves both.
      const customCss = path.join(made.dir, 'src', 'css', 'custom.scss');
      expect(fakeSassCompiles(made.dir)).toEqual([customCss]);
      const warnings = first.site.diagnostics.filter((d) => d.code === 'chrome-selector');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ severity: 'warning', line: 3, column: 1 });
      expect(warnings[0]!.file).toMatch(/src[/\\]css[/\\]_navbar\.scss$/);
      expect(warnings[0]!.message).toContain('.navbar__link');
      const partial = path.join(made.dir, 'src', 'css', '_navbar.scss');
      await writeFile(partial, '.navbar-link {\n  font-weight: 300;\n}\n');
      const edited = await buildSite(made.dir, { watch: true, memory, previous: first.site, changedFiles: new Set([partial]) });
      expect(edited.site.diagnostics.filter((d) => d.code === 'chrome-selector')).toEqual([]);
      expect(fakeSassCompiles(made.dir)).toEqual([customCss, customCss]);
      // A rebuild that touched no stylesheet compiles none.
      const doc = path.join(made.dir, 'docs', 'intro.md');
      await writeFile(doc, '# Intro\n\nHello again.\n');
      await buildSite(made.dir, { watch: true, memory, previous: edited.site, changedFiles: new Set([doc]) });
      expect(fakeSassCompiles(made.dir)).toEqual([customCss, customCss]);
    } finally {
      await made.cleanup();
    }
  }, 120_000);
});
