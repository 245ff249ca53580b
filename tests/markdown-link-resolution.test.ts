import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveLink, resolveMarkdownLink } from '../src/markdown/plugins/remark-links.js';

// Docs of a site at /site with its docs folder at /site/docs; each doc's route is its path.
const siteDir = path.resolve('/site');
const docsDir = path.join(siteDir, 'docs');
const docs = ['intro.md', 'guides/setup.md', 'guides/intro.md', 'api/README.md'];
const routeByFile = new Map(docs.map((doc) => [path.join(docsDir, doc), `/docs/${doc.replace(/\.md$/, '')}`]));
const options = { routeOfFile: (file: string) => routeByFile.get(file), docsDir, siteDir };
const from = (doc: string, url: string) => resolveMarkdownLink(url, path.join(docsDir, doc), options);

describe('.md links resolve in the folders Docusaurus tries, in its order', () => {
  it('./ and ../ links: beside the doc only', () => {
    expect(from('guides/setup.md', './intro.md')).toBe('/docs/guides/intro');
    expect(from('guides/setup.md', '../intro.md#why')).toBe('/docs/intro#why');
    expect(from('intro.md', './setup.md')).toBeUndefined();
  });

  it('bare links: beside the doc, then the docs folder, then the site folder', () => {
    expect(from('guides/setup.md', 'intro.md')).toBe('/docs/guides/intro');
    expect(from('guides/setup.md', 'api/README.md')).toBe('/docs/api/README');
    expect(from('guides/setup.md', 'docs/intro.md')).toBe('/docs/intro');
  });

  it('absolute links: the docs folder, then the site folder, never beside the doc', () => {
    expect(from('guides/setup.md', '/intro.md')).toBe('/docs/intro');
    expect(from('guides/setup.md', '/docs/guides/setup.md')).toBe('/docs/guides/setup');
    expect(from('guides/setup.md', '/setup.md')).toBeUndefined();
  });

  it('decodes escapes, and takes a malformed one as written', () => {
    routeByFile.set(path.join(docsDir, 'my page.md'), '/docs/my-page');
    expect(from('intro.md', './my%20page.md')).toBe('/docs/my-page');
    expect(from('intro.md', './my%zzpage.md')).toBeUndefined();
  });
});

describe('relative URL links', () => {
  const page = (route: string, url: string) =>
    resolveLink(url, false, path.join(docsDir, 'guides/setup.md'), { ...options, baseUrl: '/', pageRoute: route })?.url;

  it('resolve from the page as Docusaurus serves it, without a trailing slash, and are written out whole', () => {
    expect(page('/docs/guides/setup', 'install#step-2')).toBe('/docs/guides/install#step-2');
    expect(page('/docs/guides/setup', '../api?tab=ts')).toBe('/docs/api?tab=ts');
    expect(page('/docs/guides/setup', '#here')).toBeUndefined();
  });
});
