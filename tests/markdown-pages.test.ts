import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDiagnostic, UserError } from '../src/core/diagnostic.js';
import { buildSite, copySite, fixture, pageHtml, writeSiteFiles } from './helpers/site.js';

/**
 * Markdown pages in the pages folder (`src/pages/markdown-page.md`, which Docusaurus' classic
 * template has), built as Docusaurus builds them: a page of their own in its page frame.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('markdown pages in src/pages', () => {
  it('are pages: their content in the page frame, titled by front matter or heading, and hydrated', async () => {
    const { dir, cleanup } = await copySite(fixture('basic'));
    cleanups.push(cleanup);
    const files: Record<string, string> = {
      'src/pages/markdown-page.md': '---\ndescription: A page written in markdown.\n---\n\n# Markdown page example\n\nYou don\'t need React to write **simple** pages.\n',
      'src/pages/team/about.mdx': "import Highlight from '@site/src/components/Highlight';\n\n---\n\n# About us\n\nWe are <Highlight>here</Highlight>.\n",
      'src/components/Highlight.tsx': 'export default function Highlight({ children }: { children: React.ReactNode }) {\n  return <mark className="team-highlight">{children}</mark>;\n}\n',
      'src/pages/_draft.md': '# Not a page\n',
      'src/pages/later.md': '---\ndraft: true\n---\n# Later\n',
    };
    await writeSiteFiles(dir, files);
    const result = await buildSite(dir, { until: 'renderPages' });
    expect(result.site.diagnostics.filter((diagnostic) => diagnostic.severity === 'error' || diagnostic.code === 'custom-page')).toEqual([]);
    const page = pageHtml(result, '/kit/markdown-page');
    expect(page).toContain('<title>Markdown page example | ');
    expect(page).toContain('<meta name="description" content="A page written in markdown.">');
    expect(page).toMatch(/<main class="container container--fluid margin-vert--lg"><div class="row"[^>]*><div class="col col--8 markdown"><h1 id="markdown-page-example">Markdown page example<\/h1>/);
    expect(page).toContain('<strong>simple</strong>');
    expect(pageHtml(result, '/kit/team/about')).toContain('We are <mark class="team-highlight">here</mark>.');
    const routes = result.site.pages.map((candidate) => candidate.route);
    expect(routes).not.toContain('/kit/_draft');
    expect(routes).not.toContain('/kit/later');
    // The browser gets the page's module, so the content hydrates and SPA navigation reaches it.
    const scripts = [...result.site.outputs.entries()].filter(([name]) => name.endsWith('.js')).map(([, output]) => String(output.contents instanceof Uint8Array ? new TextDecoder().decode(output.contents) : output.contents));
    expect(scripts.some((code) => code.includes('team-highlight'))).toBe(true);
  });
});

// docs.dyte.io's release-notes page (`src/pages/release-notes/index.mdx`) uses `<CardSection>` and
// `<Card>` without importing them: its src/theme/MDXComponents gives them to every MDX file, pages
// included, as Docusaurus' MDXPage renders its content inside the site's MDXContent provider.
describe('markdown pages and the site\'s MDX components map', () => {
  it('get the components of src/theme/MDXComponents without an import, in partials too', async () => {
    const { dir, cleanup } = await copySite(fixture('basic'));
    cleanups.push(cleanup);
    const files: Record<string, string> = {
      'src/theme/MDXComponents.js': "import MDXComponents from '@theme-original/MDXComponents';\nimport Card from '../components/Card';\n\nexport default { ...MDXComponents, Card };\n",
      'src/components/Card.js': 'export default function Card({ title }) {\n  return <div className="release-card">{title}</div>;\n}\n',
      'src/pages/release-notes/index.mdx': "import Older from './_older.mdx';\n\n# Release notes\n\n<Card title=\"Web Core\" />\n\n<Older />\n",
      'src/pages/release-notes/_older.mdx': '<Card title="Android Core" />\n',
    };
    await writeSiteFiles(dir, files);
    const result = await buildSite(dir, { until: 'renderPages' });
    expect(result.site.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    const page = pageHtml(result, '/kit/release-notes');
    expect(page).toContain('<div class="release-card">Web Core</div>');
    expect(page).toContain('<div class="release-card">Android Core</div>');
  });
});

// docs.dyte.io's swizzled SearchBar imports `@theme/SearchTranslations`: its overrides failed, so its
// MDXComponents map with them, and the build printed only what followed, "`<CardSection>` is not
// defined" at a page, which sent one to the page rather than to the SearchBar.
describe('a page that fails because the theme overrides failed', () => {
  it('is reported with the overrides\' errors, which come first', async () => {
    const { dir, cleanup } = await copySite(fixture('basic'));
    cleanups.push(cleanup);
    const files: Record<string, string> = {
      'src/theme/MDXComponents.js': "import MDXComponents from '@theme-original/MDXComponents';\nimport Card from '../components/Card';\n\nexport default { ...MDXComponents, Card };\n",
      'src/theme/SearchBar/index.jsx': "import translations from '@theme/SearchTranslations';\n\nexport default function SearchBar() {\n  return <input placeholder={translations.placeholder} />;\n}\n",
      'src/components/Card.js': 'export default function Card({ title }) {\n  return <div className="release-card">{title}</div>;\n}\n',
      'src/pages/release-notes.mdx': '# Release notes\n\n<Card title="Web Core" />\n',
    };
    await writeSiteFiles(dir, files);
    const error = await buildSite(dir, { until: 'renderPages' }).then(() => undefined, (caught: UserError) => caught);
    expect(error).toBeInstanceOf(UserError);
    const lines = error!.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic, { cwd: dir }));
    expect(lines[0]).toMatch(/^src\/theme\/SearchBar\/index\.jsx:1:\d+ error Cannot compile the theme override: Could not resolve "@theme\/SearchTranslations"/);
    expect(lines.some((line) => line.startsWith('src/pages/release-notes.mdx') && line.includes('`<Card>` is not defined'))).toBe(true);
  });
});

// electronjs.org's remark plugin fetches from the network; where it cannot, its error at the
// markdown page `src/pages/home/README.md` was printed at `README.md:0:1`, a line that does not exist.
describe('a markdown page whose remark plugin throws without a position', () => {
  it('is an error at the file, with no line 0', async () => {
    const { dir, cleanup } = await copySite(fixture('basic'));
    cleanups.push(cleanup);
    const files: Record<string, string> = {
      'docusaurus.config.js': "module.exports = { title: 'Kit', url: 'https://kit.example.com', baseUrl: '/kit/', presets: [['classic', { docs: { remarkPlugins: [() => () => { throw new Error('fetch failed'); }] } }]] };\n",
      'src/pages/home/README.md': '# Home\n\nNotes on the home page.\n',
    };
    await writeSiteFiles(dir, files);
    await rm(path.join(dir, 'sdkdocs.config.ts'), { force: true });
    const error = await buildSite(dir, { until: 'renderPages' }).then(() => undefined, (caught: UserError) => caught);
    const failure = error?.diagnostics.find((diagnostic) => diagnostic.file?.endsWith('README.md'));
    expect(failure?.message).toContain('fetch failed');
    expect(failure?.line).not.toBe(0);
    expect(formatDiagnostic(failure!, { cwd: dir })).toMatch(/^src\/pages\/home\/README\.md error /);
  });
});
