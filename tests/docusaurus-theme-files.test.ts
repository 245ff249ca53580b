import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/browser.js';
import { buildSite, writeSiteFiles } from './helpers/site.js';

type Built = Awaited<ReturnType<typeof buildSite>>;

// Found on babeljs.io: its config reads its Prism themes from src/theme/prism/light.js and
// dark.js (`theme: require('./src/theme/prism/light')`). Both were warned of as overriding no
// theme component, with a hint to rename them.
describe('files of src/theme that the Docusaurus config loads', () => {
  let result: Built;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-theme-config-files-');
    cleanup = made.cleanup;
    await writeSiteFiles(made.dir, {
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Kit', url: 'https://kit.example.com', baseUrl: '/',",
        "  presets: [['classic', { blog: false }]],",
        "  themeConfig: { prism: { theme: require('./src/theme/prism/light') } },",
        '};',
        '',
      ].join('\n'),
      'docs/intro.md': '# Intro\n',
      'src/theme/prism/light.js': "module.exports = { plain: { color: '#000' }, styles: [] };\n",
      'src/theme/Foter.js': 'export default function Foter() {\n  return null;\n}\n',
    });
    result = await buildSite(made.dir, { until: 'collectContent' });
  }, 120_000);
  afterAll(() => cleanup?.());

  it('are not warned of as overrides; a misnamed override still is', () => {
    const warned = result.site.diagnostics.filter((d) => d.code === 'theme-override').map((d) => d.message.split(':')[0]);
    expect(warned).toEqual(['src/theme/Foter.js overrides no theme component']);
  });
});

// babeljs.io's config is TypeScript and loads them with a require of its own (createRequire), at run time.
describe('files of src/theme that a TypeScript config requires at run time', () => {
  it('are not warned of as overrides', async () => {
    const made = await tempDir('sdkdocs-theme-config-require-');
    try {
      await writeSiteFiles(made.dir, {
        'docusaurus.config.ts': [
          "import { createRequire } from 'module';",
          'const require = createRequire(import.meta.url);',
          'export default {',
          "  title: 'Kit', url: 'https://kit.example.com', baseUrl: '/',",
          "  presets: [['classic', { blog: false }]],",
          "  themeConfig: { prism: { darkTheme: require('./src/theme/prism/dark') } },",
          '};',
          '',
        ].join('\n'),
        'docs/intro.md': '# Intro\n',
        'src/theme/prism/dark.js': "module.exports = { plain: { color: '#fff' }, styles: [] };\n",
      });
      const built = await buildSite(made.dir, { until: 'collectContent' });
      expect(built.site.diagnostics.filter((d) => d.code === 'theme-override')).toEqual([]);
    } finally {
      await made.cleanup();
    }
  }, 120_000);
});
