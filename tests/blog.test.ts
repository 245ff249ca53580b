import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/pipeline/build.js';
import { formatDiagnostic, UserError } from '../src/core/diagnostic.js';
import { buildSite, copySite, fixture, outputText, pageHtml } from './helpers/site.js';
import { collectSearchRecords } from '../src/search/search-records.js';
import { translateDocusaurusConfig } from '../src/config/docusaurus-config.js';

/**
 * The blog of tests/fixtures/blog-site: posts with dates from their file names and front matter,
 * truncate markers in markdown and MDX, authors.yml and tags.yml, inline authors and tags, a
 * draft and an unlisted post, two posts a page and every feed.
 */

let result: BuildResult;
beforeAll(async () => {
  result = await buildSite(fixture('blog-site'), { until: 'renderPages' });
}, 120_000);

const routes = () => result.site.pages.map((page) => page.route);
/** The page's route content (what the client shows in the layout), without the navbar and footer. */
const content = (route: string) => {
  const html = pageHtml(result, route);
  return html.slice(html.indexOf('<main'), html.indexOf('</main>'));
};
const diagnostics = () => result.site.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic));
const { findAll, getAttributeValue, textContent } = DomUtils;
type AnyNode = ReturnType<typeof parseDocument>['children'][number];
type Element = Parameters<typeof getAttributeValue>[0];

function xml(text: string): AnyNode[] {
  return parseDocument(text, { xmlMode: true }).children;
}
function elements(nodes: AnyNode[], name: string): Element[] {
  return findAll((element) => element.name === name, nodes);
}
function childText(element: Element, name: string): string | undefined {
  const child = element.children.find((node): node is Element => (node as Element).name === name);
  return child ? textContent(child) : undefined;
}

describe('blog posts', () => {
  it('are at their slug, else at their date and name, as in Docusaurus; drafts are left out of a production build', () => {
    expect(routes()).toEqual(
      expect.arrayContaining([
        '/kit/blog',
        '/kit/blog/page/2',
        '/kit/blog/2024/01/10/first-release',
        '/kit/blog/second',
        '/kit/blog/2024/03/05/untruncated',
        '/kit/blog/dated-in-front-matter',
        '/kit/blog/2024/04/02/unlisted',
        '/kit/blog/tags',
        '/kit/blog/tags/releases',
        '/kit/blog/tags/tips',
        '/kit/blog/tags/inline-tag',
        '/kit/blog/authors',
        '/kit/blog/authors/ada',
        '/kit/blog/authors/all-grace-posts',
        '/kit/blog/archive',
      ]),
    );
    expect(routes().some((route) => route.includes('draft'))).toBe(false);
  });

  it('unlisted: built, marked as such and not for search engines', () => {
    expect(content('/kit/blog/2024/04/02/unlisted')).toContain('<p class="admonition-title">Unlisted page</p>');
    expect(pageHtml(result, '/kit/blog/2024/04/02/unlisted')).toContain('<meta name="robots" content="noindex');
  });

  it('in a folder, without a slug, are at their date, then the folder and the rest of the name, as in Docusaurus', async () => {
    const { dir, cleanup } = await copySite(fixture('blog-site'));
    try {
      const { mkdir } = await import('node:fs/promises');
      await mkdir(path.join(dir, 'blog', 'releases'));
      await writeFile(path.join(dir, 'blog', 'releases', '2023-11-05-patch.md'), '---\ntitle: Patch\n---\n\nFixed.\n\n<!-- truncate -->\n');
      const built = await buildSite(dir, { until: 'collectContent' });
      expect(built.site.blog!.posts.find((post) => post.title === 'Patch')).toMatchObject({ route: '/kit/blog/2023/11/05/releases/patch', date: new Date('2023-11-05T00:00:00Z') });
    } finally {
      await cleanup();
    }
  });

  // electronjs.org's blog writes `date: 2023-2-07T00:00:00.000Z`: a YAML 1.1 timestamp, which the
  // js-yaml of Docusaurus' front matter reads as a date (one-digit months and days allowed).
  it('take dates with one-digit months, days and hours, as Docusaurus reads them', async () => {
    const { dir, cleanup } = await copySite(fixture('blog-site'));
    try {
      await writeFile(path.join(dir, 'blog', 'electron-23.md'), '---\ntitle: Electron 23\nslug: electron-23\ndate: 2023-2-07T00:00:00.000Z\n---\n\nOut.\n\n<!-- truncate -->\n');
      await writeFile(path.join(dir, 'blog', 'electron-40.md'), '---\ntitle: Electron 40\nslug: electron-40\ndate: 2026-1-3 9:05:00\n---\n\nOut.\n\n<!-- truncate -->\n');
      await writeFile(path.join(dir, 'blog', 'electron-41.md'), '---\ntitle: Electron 41\nslug: electron-41\ndate: 2026-3-9\n---\n\nOut.\n\n<!-- truncate -->\n');
      const built = await buildSite(dir, { until: 'collectContent' });
      expect(built.site.diagnostics.filter((diagnostic) => diagnostic.code === 'front-matter')).toEqual([]);
      const dateOf = (title: string) => built.site.blog!.posts.find((post) => post.title === title)?.date;
      expect(dateOf('Electron 23')).toEqual(new Date('2023-02-07T00:00:00Z'));
      expect(dateOf('Electron 40')).toEqual(new Date('2026-01-03T09:05:00Z'));
      expect(dateOf('Electron 41')).toEqual(new Date('2026-03-09T00:00:00Z'));
    } finally {
      await cleanup();
    }
  });

  it('take the title from the leading h1 when the front matter has none, and show it once', () => {
    const post = content('/kit/blog/2024/01/10/first-release');
    expect(post).toContain('<h1 class="blog-post-title">First release</h1>');
    expect(post.match(/<h1/g)).toHaveLength(1);
    expect(pageHtml(result, '/kit/blog/2024/01/10/first-release')).toContain('<title>First release | Blog Kit</title>');
  });

  it('show the date, reading time, authors from authors.yml with their pages and profiles, tags and the edit link', () => {
    const post = content('/kit/blog/2024/01/10/first-release');
    expect(post).toContain('<time dateTime="2024-01-10T00:00:00.000Z">January 10, 2024</time>');
    expect(post).toContain('1 min read');
    expect(post).toContain('<a href="/kit/blog/authors/ada"><span>Ada Lovelace</span></a>');
    expect(post).toContain('src="/kit/img/ada.png"');
    expect(post).toContain('href="https://github.com/ada"');
    expect(post).toContain('href="https://x.com/adal"');
    expect(post).toContain('<a href="/kit/blog/tags/releases" class="tag" rel="tag">Release</a>');
    expect(post).toContain('href="https://example.com/edit/main/blog/2024-01-10-first-release.md"');
  });

  it('link the newer and the older post, and list the recent posts beside them', () => {
    const post = content('/kit/blog/second');
    expect(post).toMatch(/<a href="\/kit\/blog\/2024\/03\/05\/untruncated" class="pagination-link pagination-link-prev"><div class="pagination-sublabel">Newer post<\/div>/);
    expect(post).toMatch(/<a href="\/kit\/blog\/2024\/01\/10\/first-release" class="pagination-link pagination-link-next"><div class="pagination-sublabel">Older post<\/div>/);
    expect(post).toContain('<a href="/kit/blog/second" class="blog-sidebar-link blog-sidebar-link-active" aria-current="page">Second post</a>');
    // Unlisted posts are in no list.
    expect(post).not.toContain('Unlisted');
  });

  it('have a table of contents of their headings', () => {
    const page = result.site.pages.find((candidate) => candidate.route === '/kit/blog/second')!;
    expect(page.data.toc).toEqual([{ id: 'after-the-cut', text: 'After the cut', depth: 2 }]);
    expect(content('/kit/blog/second')).toContain('<a href="#after-the-cut" class="toc-link">After the cut</a>');
  });

  it('resolve markdown links to docs and to other posts by their file, and docs link posts by theirs', () => {
    expect(content('/kit/blog/2024/01/10/first-release')).toContain('<a href="/kit/docs/intro">the intro</a> and the <a href="/kit/blog/second">second post</a>');
    expect(content('/kit/docs/intro')).toContain('<a href="/kit/blog/2024/01/10/first-release">release notes</a>');
  });

  it('run the blog\'s own remark plugins, which the docs do not', () => {
    expect(content('/kit/blog/2024/01/10/first-release')).toContain('<p>Posted with the blog plugin.</p>');
    expect(content('/kit/blog/second')).toContain('Posted with the blog plugin.');
    expect(content('/kit/docs/intro')).not.toContain('Posted with the blog plugin.');
  });

  it('written in MDX run their components, and hydrate like MDX docs', () => {
    const page = result.site.pages.find((candidate) => candidate.route === '/kit/blog/second')!;
    expect(page.data.mdxModule).toMatch(/\.js$/);
    expect(content('/kit/blog/second')).toContain('<button type="button" class="counter">Count</button>');
  });
});

describe('blog lists', () => {
  it('show each post up to its truncate marker with "Read more", postsPerPage a page, newest first', () => {
    const first = content('/kit/blog');
    expect([...first.matchAll(/<h2 class="blog-post-title"><a href="([^"]+)"/g)].map((match) => match[1])).toEqual(['/kit/blog/2024/03/05/untruncated', '/kit/blog/second']);
    expect(first).toContain('Before the cut, with a component:');
    expect(first).not.toContain('After the cut');
    expect(first).toContain('<a href="/kit/blog/second" aria-label="Read more about Second post"><b>Read more</b></a>');
    // A post without a marker is shown whole, without "Read more".
    expect(first).not.toContain('Read more about Untruncated');
    expect(first).toContain('<a href="/kit/blog/page/2" class="pagination-link pagination-link-next"><div class="pagination-sublabel">Older entries</div>');
    const second = content('/kit/blog/page/2');
    expect([...second.matchAll(/<h2 class="blog-post-title"><a href="([^"]+)"/g)].map((match) => match[1])).toEqual(['/kit/blog/2024/01/10/first-release', '/kit/blog/dated-in-front-matter']);
    expect(second).toContain('The Kit 1.0 is out');
    expect(second).not.toContain('What is new');
    expect(second).toContain('<a href="/kit/blog" class="pagination-link pagination-link-prev">');
  });

  it('per tag, with the tags file\'s label, permalink and description', () => {
    const tag = content('/kit/blog/tags/releases');
    expect(tag).toContain('<h1>2 posts tagged with &quot;Release&quot;</h1>');
    expect(tag).toContain('Release notes of the Kit.');
    expect(content('/kit/blog/tags')).toContain('<a href="/kit/blog/tags/tips" class="tag">tips <span class="tag-count">2</span></a>');
  });

  it('per author with a page, at its permalink, and an authors page', () => {
    const ada = content('/kit/blog/authors/ada');
    expect(ada).toContain('<h1 class="blog-author-name">');
    expect([...ada.matchAll(/<h2 class="blog-post-title"><a href="([^"]+)"/g)].map((match) => match[1])).toEqual(['/kit/blog/second', '/kit/blog/2024/01/10/first-release']);
    expect(content('/kit/blog/authors/all-grace-posts')).toContain('<a href="/kit/blog/second">Second post</a>');
    expect(content('/kit/blog/authors')).toContain('2 posts');
  });

  it('and the archive, by year', () => {
    const archive = content('/kit/blog/archive');
    expect(archive).toContain('<h2 id="year-2024">2024</h2>');
    expect(archive).toContain('<h2 id="year-2023">2023</h2>');
    expect(archive).toContain('December 1</time> - Dated in front matter');
    expect(archive).not.toContain('Unlisted');
  });
});

describe('blog problems', () => {
  it('are reported at the post, as onInlineTags, onInlineAuthors and onUntruncatedBlogPosts ask', () => {
    const messages = diagnostics();
    expect(messages).toContainEqual(expect.stringMatching(/^tests\/fixtures\/blog-site\/blog\/2024-02-20-second\/index\.mdx:6:1 warning The blog post's tag "Inline Tag" is not in blog\/tags\.yml\./));
    expect(messages).toContainEqual(expect.stringMatching(/^tests\/fixtures\/blog-site\/blog\/2024-03-05-untruncated\.md:3:1 warning The blog post's author "Inline Writer" is written inline/));
    expect(messages).toContainEqual(expect.stringMatching(/^tests\/fixtures\/blog-site\/blog\/2024-03-05-untruncated\.md:7:1 warning This blog post has no truncate marker/));
    // The unlisted post has a marker; the draft is not built at all.
    expect(result.site.diagnostics.filter((diagnostic) => diagnostic.code?.startsWith('blog'))).toHaveLength(3);
  });

  it('the legacy author keys make an inline author, reported at them', async () => {
    const { dir, cleanup } = await copySite(fixture('blog-site'));
    try {
      await writeFile(path.join(dir, 'blog', '2024-05-01-legacy.md'), '---\ntitle: Legacy\nauthor: The Team\nauthor_url: https://team.example.com\n---\n\nText.\n\n<!-- truncate -->\n');
      const built = await buildSite(dir, { until: 'collectContent' });
      expect(built.site.blog!.posts.find((post) => post.title === 'Legacy')!.authors).toEqual([expect.objectContaining({ name: 'The Team', url: 'https://team.example.com' })]);
      expect(built.site.diagnostics).toContainEqual(expect.objectContaining({ code: 'blog-inline-author', file: path.join(dir, 'blog', '2024-05-01-legacy.md'), line: 3 }));
    } finally {
      await cleanup();
    }
  });

  it('an unknown author key is an error naming the known ones', async () => {
    const { dir, cleanup } = await copySite(fixture('blog-site'));
    try {
      await writeFile(path.join(dir, 'blog', '2024-05-01-typo.md'), '---\nauthors: [adda]\n---\n\nText.\n\n<!-- truncate -->\n');
      const failure = await buildSite(dir, { until: 'collectContent' }).then(() => undefined, (error: unknown) => error);
      expect(failure).toBeInstanceOf(UserError);
      const error = (failure as UserError).diagnostics.find((diagnostic) => diagnostic.code === 'blog-author')!;
      expect(error).toMatchObject({ severity: 'error', file: path.join(dir, 'blog', '2024-05-01-typo.md'), line: 2 });
      expect(error.message).toBe('The blog post\'s author "adda" is not in authors.yml.');
      expect(error.hint).toBe('Known authors: ada, grace.');
    } finally {
      await cleanup();
    }
  });
});

describe('blog feeds', () => {
  it('are linked from the head of every blog page', () => {
    for (const route of ['/kit/blog', '/kit/blog/second', '/kit/blog/tags/releases']) {
      const html = pageHtml(result, route);
      expect(html).toContain('<link rel="alternate" type="application/rss+xml" href="/kit/blog/rss.xml" title="Blog Kit RSS Feed"');
      expect(html).toContain('<link rel="alternate" type="application/atom+xml" href="/kit/blog/atom.xml"');
      expect(html).toContain('<link rel="alternate" type="application/feed+json" href="/kit/blog/feed.json"');
    }
    expect(pageHtml(result, '/kit/docs/intro')).not.toContain('rss.xml');
  });

  it('RSS: a channel of the listed posts, newest first, with their full HTML and absolute links', () => {
    const document = xml(outputText(result, 'blog/rss.xml'));
    const [rss] = elements(document, 'rss');
    expect(getAttributeValue(rss, 'version')).toBe('2.0');
    const [channel] = elements(document, 'channel');
    expect(childText(channel, 'title')).toBe('Blog Kit Blog');
    expect(childText(channel, 'link')).toBe('https://blog.example.com/kit/blog');
    expect(childText(channel, 'copyright')).toBe('Copyright © Blog Kit & friends');
    const items = elements(document, 'item');
    expect(items.map((item) => childText(item, 'title'))).toEqual(['Untruncated & "escaped" <post>', 'Second post', 'First release', 'Dated in front matter']);
    const first = items[2];
    expect(childText(first, 'link')).toBe('https://blog.example.com/kit/blog/2024/01/10/first-release');
    expect(childText(first, 'pubDate')).toBe('Wed, 10 Jan 2024 00:00:00 GMT');
    expect(new Date(childText(first, 'pubDate')!).toISOString()).toBe('2024-01-10T00:00:00.000Z');
    const html = childText(first, 'content:encoded')!;
    expect(html).toContain('<h2 id="what-is-new">What is new');
    expect(html).toContain('<a href="https://blog.example.com/kit/docs/intro">the intro</a>');
    expect(html).not.toContain('data-blog-truncate');
    expect(childText(first, 'dc:creator')).toBe('Ada Lovelace');
    expect(elements([items[1]], 'category').map((category) => textContent(category))).toEqual(['Release', 'tips', 'Inline Tag']);
  });

  it('Atom: entries with ids, dates, authors and the HTML', () => {
    const document = xml(outputText(result, 'blog/atom.xml'));
    const [feed] = elements(document, 'feed');
    expect(getAttributeValue(feed, 'xmlns')).toBe('http://www.w3.org/2005/Atom');
    expect(childText(feed, 'updated')).toBe('2024-03-05T00:00:00.000Z');
    const entries = elements(document, 'entry');
    expect(entries).toHaveLength(4);
    expect(childText(entries[1], 'id')).toBe('https://blog.example.com/kit/blog/second');
    expect(childText(entries[1], 'summary')).toBe('The second post, in MDX.');
    expect(elements([entries[1]], 'name').map((name) => textContent(name))).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(childText(entries[1], 'content')).toContain('<img');
    expect(childText(entries[1], 'content')).toContain('src="https://blog.example.com/kit/img/logo.svg"');
  });

  it('JSON Feed 1.1', () => {
    const feed = JSON.parse(outputText(result, 'blog/feed.json')) as { version: string; items: { id: string; title: string; content_html: string; tags?: string[] }[] };
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.items.map((item) => item.title)).toEqual(['Untruncated & "escaped" <post>', 'Second post', 'First release', 'Dated in front matter']);
    expect(feed.items[3].tags).toEqual(['tips']);
  });
});

describe('the rest of the site sees the blog', () => {
  it('the sitemap lists the posts and blog pages, not the unlisted post', () => {
    const sitemap = outputText(result, 'sitemap.xml');
    expect(sitemap).toContain('<loc>https://blog.example.com/kit/blog/second</loc>');
    expect(sitemap).toContain('<loc>https://blog.example.com/kit/blog/tags/releases</loc>');
    expect(sitemap).not.toContain('unlisted');
  });

  it('search finds the posts, labelled as the blog\'s, and not the unlisted one', () => {
    const records = collectSearchRecords(result.site).filter((record) => record.route.startsWith('/kit/blog'));
    expect(records).toContainEqual(expect.objectContaining({ route: '/kit/blog/second', anchor: 'after-the-cut', heading: 'After the cut', title: 'Second post', breadcrumb: ['Blog'] }));
    expect(records.some((record) => record.route.includes('unlisted'))).toBe(false);
    // The lists repeat the posts: only the posts themselves are found.
    expect(new Set(records.map((record) => record.route))).toEqual(new Set(['/kit/blog/2024/01/10/first-release', '/kit/blog/second', '/kit/blog/2024/03/05/untruncated', '/kit/blog/dated-in-front-matter']));
  });

  it('llms.txt lists the posts under the blog, and each post has a markdown copy with absolute links', () => {
    const llms = outputText(result, 'llms.txt');
    expect(llms).toContain('## Blog\n\n- [Untruncated & "escaped" <post>](https://blog.example.com/kit/blog/2024/03/05/untruncated.md)');
    expect(llms).toContain('- [Second post](https://blog.example.com/kit/blog/second.md): The second post, in MDX.');
    const copy = outputText(result, 'blog/2024/01/10/first-release.md');
    expect(copy).toContain('# First release');
    expect(copy).not.toContain('truncate');
    expect(copy).toContain('[second post](https://blog.example.com/kit/blog/second)');
    expect(outputText(result, 'llms-full.txt')).toContain('Only on the post\'s own page.');
  });

  it('the link checker checks links out of posts', async () => {
    const { dir, cleanup } = await copySite(fixture('blog-site'));
    try {
      await writeFile(path.join(dir, 'blog', '2024-05-01-links.md'), '---\ntitle: Links\n---\n\nSee [the guide](/docs/missing).\n\n<!-- truncate -->\n');
      const failure = await buildSite(dir, { until: 'checkLinks' }).then(() => undefined, (error: unknown) => error);
      expect(failure).toBeInstanceOf(UserError);
      expect((failure as UserError).diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', file: path.join(dir, 'blog', '2024-05-01-links.md'), line: 5 }));
    } finally {
      await cleanup();
    }
  });

  it('blog: false builds no blog', async () => {
    const { dir, cleanup } = await copySite(fixture('blog-site'));
    try {
      const config = path.join(dir, 'sdkdocs.config.ts');
      const { readFile } = await import('node:fs/promises');
      await writeFile(config, (await readFile(config, 'utf8')).replace(/blog: \{[\s\S]*?\n {2}\},\n/, 'blog: false,\n').replace("navbar: { items: [{ to: '/blog', label: 'Blog', position: 'left' }] },", ''));
      const off = await buildSite(dir, { until: 'collectContent' });
      expect(off.site.blog).toBeUndefined();
      expect(off.site.pages.some((page) => page.route.startsWith('/kit/blog'))).toBe(false);
    } finally {
      await cleanup();
    }
  });
});

describe('a blog-only site (routeBasePath: \'/\')', () => {
  it('lists the posts at the site root, which then has no landing page, and the posts under it', async () => {
    const { dir, cleanup } = await copySite(fixture('blog-site'));
    try {
      const config = path.join(dir, 'sdkdocs.config.ts');
      const { readFile } = await import('node:fs/promises');
      await writeFile(config, (await readFile(config, 'utf8')).replace('postsPerPage: 2,', "postsPerPage: 2,\n    routeBasePath: '/',").replace("{ to: '/blog', label: 'Blog', position: 'left' }", "{ to: '/', label: 'Blog', position: 'left' }").replace('(/blog)', '(/)'));
      await writeFile(path.join(dir, 'docs', 'intro.md'), '# Intro\n\nRead the [release notes](../blog/2024-01-10-first-release.md).\n');
      const blogOnly = await buildSite(dir, { until: 'renderPages' });
      const pages = new Map(blogOnly.site.pages.map((page) => [page.route, page]));
      expect(pages.get('/kit/')?.kind).toBe('blog');
      expect(pages.has('/kit/second')).toBe(true);
      expect(pages.has('/kit/tags/releases')).toBe(true);
      expect(pages.has('/kit/page/2')).toBe(true);
      expect(pageHtml(blogOnly, '/kit/')).toContain('<title>Blog Kit</title>');
      expect(outputText(blogOnly, 'rss.xml')).toContain('<link>https://blog.example.com/kit/second</link>');
    } finally {
      await cleanup();
    }
  });
});

describe('a Docusaurus config\'s blog', () => {
  const config = (presetOptions: unknown, plugins: unknown[] = []) => ({ title: 'T', url: 'https://t.example.com', baseUrl: '/', presets: [['classic', presetOptions]], plugins });

  it('becomes the blog key, its options under the same names; what has no counterpart is a notice at its key', () => {
    const translation = translateDocusaurusConfig(
      config({ blog: { showReadingTime: true, postsPerPage: 'ALL', feedOptions: { type: 'all', xslt: true, createFeedItems: () => [] }, blogListComponent: '@theme/X', id: 'default' } }),
    );
    expect(translation.config.blog).toEqual({ showReadingTime: true, postsPerPage: 'ALL', feedOptions: { type: 'all', xslt: true } });
    expect(translation.notices.map((notice) => notice.message)).toEqual([
      'presets[0][1].blog.feedOptions.createFeedItems: not applied: the feeds are written without it.',
      'presets[0][1].blog.blogListComponent: not applied: the blog has no such option in sdkdocs.',
    ]);
    expect(translation.unbuilt).toEqual([]);
  });

  it('blog: false is taken as it is', () => {
    expect(translateDocusaurusConfig(config({ blog: false })).config.blog).toBe(false);
  });

  it('the blog plugin is the blog; a second instance is a notice, and links into it one warning', () => {
    const translation = translateDocusaurusConfig(config({}, [['@docusaurus/plugin-content-blog', { id: 'releases', path: 'releases', routeBasePath: 'releases' }]]));
    expect(translation.config.blog).toBeUndefined();
    expect(translation.notices[0].message).toMatch(/^plugins\[0\]: a second blog instance \(id "releases"\) is not built/);
    expect(translation.unbuilt).toEqual([{ routeBasePath: 'releases', what: 'the blog instance "releases"' }]);
    // With the preset's blog off, a blog plugin of any id is the one blog.
    const only = translateDocusaurusConfig(config({ blog: false }, [['@docusaurus/plugin-content-blog', { id: 'news', path: 'news', routeBasePath: 'news' }]]));
    expect(only.config.blog).toEqual({ path: 'news', routeBasePath: 'news' });
    expect(only.notices).toEqual([]);
  });
});
