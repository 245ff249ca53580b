import { blogRoute, feedFiles, listedPosts, truncateSentinelAttribute, type Blog, type BlogPost } from '../core/blog.js';
import type { OutputFile, Site } from '../core/site.js';
import { escapeHtml } from '../shared/escape-html.js';

/**
 * The blog's feeds (`feedOptions.type`: RSS 2.0, Atom 1.0, JSON Feed 1.1) with the newest posts'
 * full HTML, links made absolute on the site's `url`, as Docusaurus writes them; and, with
 * `feedOptions.xslt: true`, a stylesheet that shows a feed readably when opened in a browser.
 * A site without `url` has no feeds: a feed's links must be absolute.
 */
export function blogFeedOutputs(site: Site): OutputFile[] {
  const blog = site.blog;
  const origin = site.config.url?.replace(/\/+$/, '');
  if (!blog || !origin) return [];
  const { feedOptions } = blog.options;
  const listed = listedPosts(blog);
  const posts = feedOptions.limit ? listed.slice(0, feedOptions.limit) : listed;
  const feed: FeedData = {
    title: feedOptions.title ?? `${site.config.title} Blog`,
    description: feedOptions.description ?? `${site.config.title} Blog`,
    copyright: feedOptions.copyright,
    language: feedOptions.language ?? site.config.i18n.defaultLocale,
    link: origin + blog.route,
    updated: posts[0]?.date ?? new Date(0),
    posts: posts.map((post) => ({ post, url: origin + post.route, html: absoluteLinks(withoutSentinel(post.html ?? ''), origin) })),
  };
  const outputs: OutputFile[] = [];
  const outputPath = (fileName: string) => blogRoute(blog, fileName).slice(site.config.baseUrl.length);
  for (const { type, fileName } of feedFiles(blog)) {
    const selfUrl = origin + blogRoute(blog, fileName);
    const stylesheet = type === 'json' ? undefined : xsltOf(blog, type);
    const stylesheetUrl = stylesheet === true ? blogRoute(blog, `${type}.xsl`) : stylesheet ? blogRoute(blog, stylesheet) : undefined;
    if (stylesheet === true) outputs.push({ path: outputPath(`${type}.xsl`), contents: type === 'rss' ? rssStylesheet : atomStylesheet });
    const contents = type === 'rss' ? rssFeed(feed, selfUrl, stylesheetUrl) : type === 'atom' ? atomFeed(feed, selfUrl, stylesheetUrl) : jsonFeed(feed, selfUrl);
    outputs.push({ path: outputPath(fileName), contents });
  }
  return outputs;
}

interface FeedData {
  title: string;
  description: string;
  copyright: string;
  language: string;
  link: string;
  updated: Date;
  posts: { post: BlogPost; url: string; html: string }[];
}

/** `feedOptions.xslt` for one feed: true for sdkdocs' stylesheet, a file name of the static folder, or none. */
function xsltOf(blog: Blog, type: 'rss' | 'atom'): true | string | undefined {
  const { xslt } = blog.options.feedOptions;
  const option = typeof xslt === 'object' ? xslt[type] : xslt;
  if (option === true) return true;
  return typeof option === 'string' ? option : undefined;
}

/** Site-relative links and images of the post's HTML made absolute: a feed reader has no site to resolve them against. */
function absoluteLinks(html: string, origin: string): string {
  return html.replace(/\b(href|src)="(\/[^/"][^"]*|\/)"/g, (_whole, attribute: string, value: string) => `${attribute}="${origin}${value}"`);
}

/** The post's HTML without the empty element that marks where the lists cut it. */
function withoutSentinel(html: string): string {
  return html.replace(new RegExp(`<div ${truncateSentinelAttribute}=""(?:></div>|/>)\\n?`), '');
}

/** Text and attribute values escaped for XML. */
function xml(text: string): string {
  return escapeHtml(text);
}

function authorsOf(post: BlogPost): { name: string; url?: string; email?: string }[] {
  return post.authors.filter((author) => author.name).map((author) => ({ name: author.name!, url: author.url ?? author.route, email: author.email }));
}

function stylesheetInstruction(url: string | undefined): string {
  return url ? `<?xml-stylesheet type="text/xsl" href="${xml(url)}"?>\n` : '';
}

function rssFeed(feed: FeedData, selfUrl: string, stylesheetUrl: string | undefined): string {
  const items = feed.posts.map(({ post, url, html }) =>
    [
      '    <item>',
      `      <title>${xml(post.title)}</title>`,
      `      <link>${xml(url)}</link>`,
      `      <guid isPermaLink="true">${xml(url)}</guid>`,
      `      <pubDate>${post.date.toUTCString()}</pubDate>`,
      post.description ? `      <description>${xml(post.description)}</description>` : '',
      `      <content:encoded>${xml(html)}</content:encoded>`,
      ...authorsOf(post).map((author) => `      <dc:creator>${xml(author.name)}</dc:creator>`),
      ...post.tags.map((tag) => `      <category>${xml(tag.label)}</category>`),
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `${stylesheetInstruction(stylesheetUrl)}<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom">`,
    '  <channel>',
    `    <title>${xml(feed.title)}</title>`,
    `    <link>${xml(feed.link)}</link>`,
    `    <description>${xml(feed.description)}</description>`,
    `    <atom:link href="${xml(selfUrl)}" rel="self" type="application/rss+xml"/>`,
    `    <lastBuildDate>${feed.updated.toUTCString()}</lastBuildDate>`,
    '    <docs>https://validator.w3.org/feed/docs/rss2.html</docs>',
    '    <generator>sdkdocs</generator>',
    `    <language>${xml(feed.language)}</language>`,
    feed.copyright ? `    <copyright>${xml(feed.copyright)}</copyright>` : '',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n')
    .concat('\n');
}

function atomFeed(feed: FeedData, selfUrl: string, stylesheetUrl: string | undefined): string {
  const entries = feed.posts.map(({ post, url, html }) =>
    [
      '  <entry>',
      `    <title type="html">${xml(post.title)}</title>`,
      `    <id>${xml(url)}</id>`,
      `    <link href="${xml(url)}"/>`,
      `    <updated>${post.date.toISOString()}</updated>`,
      `    <published>${post.date.toISOString()}</published>`,
      post.description ? `    <summary type="html">${xml(post.description)}</summary>` : '',
      `    <content type="html">${xml(html)}</content>`,
      ...authorsOf(post).map((author) => `    <author>\n      <name>${xml(author.name)}</name>${author.url ? `\n      <uri>${xml(author.url)}</uri>` : ''}${author.email ? `\n      <email>${xml(author.email)}</email>` : ''}\n    </author>`),
      ...post.tags.map((tag) => `    <category term="${xml(tag.label)}" label="${xml(tag.label)}"/>`),
      '  </entry>',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `${stylesheetInstruction(stylesheetUrl)}<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${xml(feed.language)}">`,
    `  <id>${xml(feed.link)}</id>`,
    `  <title>${xml(feed.title)}</title>`,
    `  <updated>${feed.updated.toISOString()}</updated>`,
    '  <generator>sdkdocs</generator>',
    `  <link rel="alternate" href="${xml(feed.link)}"/>`,
    `  <link rel="self" href="${xml(selfUrl)}"/>`,
    `  <subtitle>${xml(feed.description)}</subtitle>`,
    feed.copyright ? `  <rights>${xml(feed.copyright)}</rights>` : '',
    ...entries,
    '</feed>',
  ]
    .filter((line) => line !== '')
    .join('\n')
    .concat('\n');
}

function jsonFeed(feed: FeedData, selfUrl: string): string {
  return `${JSON.stringify(
    {
      version: 'https://jsonfeed.org/version/1.1',
      title: feed.title,
      home_page_url: feed.link,
      feed_url: selfUrl,
      description: feed.description,
      language: feed.language,
      items: feed.posts.map(({ post, url, html }) => ({
        id: url,
        url,
        title: post.title,
        content_html: html,
        ...(post.description ? { summary: post.description } : {}),
        date_published: post.date.toISOString(),
        date_modified: post.date.toISOString(),
        ...(authorsOf(post).length > 0 ? { authors: authorsOf(post).map(({ name, url: authorUrl }) => ({ name, ...(authorUrl ? { url: authorUrl } : {}) })) } : {}),
        ...(post.tags.length > 0 ? { tags: post.tags.map((tag) => tag.label) } : {}),
      })),
    },
    null,
    2,
  )}\n`;
}

/** Where a feed format keeps what its page shows: XPath expressions, from the root and from an item. */
interface FeedPaths {
  name: string;
  namespace: string;
  title: string;
  link: string;
  description: string;
  items: string;
  itemClass: string;
  itemTitle: string;
  itemLink: string;
  itemDate: string;
  itemSummary: string;
}

/** An XSLT that shows a feed as a page: its title, description and items, each linking its post. */
function feedStylesheet(feed: FeedPaths): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"${feed.namespace}>
  <xsl:output method="html" encoding="utf-8"/>
  <xsl:template match="/">
    <html>
      <head>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title><xsl:value-of select="${feed.title}"/> (${feed.name} feed)</title>
        <style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5}.${feed.itemClass}{margin:1.5rem 0}.date{color:#666;font-size:.9rem}</style>
      </head>
      <body>
        <p>This is an ${feed.name} feed: paste its address into a feed reader to follow the blog.</p>
        <h1><a href="{${feed.link}}"><xsl:value-of select="${feed.title}"/></a></h1>
        <p><xsl:value-of select="${feed.description}"/></p>
        <xsl:for-each select="${feed.items}">
          <div class="${feed.itemClass}">
            <h2><a href="{${feed.itemLink}}"><xsl:value-of select="${feed.itemTitle}"/></a></h2>
            <div class="date"><xsl:value-of select="${feed.itemDate}"/></div>
            <p><xsl:value-of select="${feed.itemSummary}"/></p>
          </div>
        </xsl:for-each>
      </body>
    </html>
  </xsl:template>
</xsl:stylesheet>
`;
}

const rssStylesheet = feedStylesheet({
  name: 'RSS',
  namespace: '',
  title: '/rss/channel/title',
  link: '/rss/channel/link',
  description: '/rss/channel/description',
  items: '/rss/channel/item',
  itemClass: 'item',
  itemTitle: 'title',
  itemLink: 'link',
  itemDate: 'pubDate',
  itemSummary: 'description',
});

const atomStylesheet = feedStylesheet({
  name: 'Atom',
  namespace: ' xmlns:atom="http://www.w3.org/2005/Atom"',
  title: '/atom:feed/atom:title',
  link: "/atom:feed/atom:link[@rel='alternate']/@href",
  description: '/atom:feed/atom:subtitle',
  items: '/atom:feed/atom:entry',
  itemClass: 'entry',
  itemTitle: 'atom:title',
  itemLink: 'atom:link/@href',
  itemDate: 'atom:updated',
  itemSummary: 'atom:summary',
});
