import type { CollectedHead } from '../shared/types.js';
import type { Page, Site } from '../core/site.js';

/**
 * What the page's `<Head>` (or `<Layout title description>`) asked for becomes the page's own: its
 * title and description are the route's, which the document, search and the client use; other
 * elements go into its document's head.
 */
export function takePageHead(site: Site, page: Page, head: CollectedHead): void {
  if (head.title) {
    page.data.documentTitle = head.title;
    // A custom page has no heading of its own to name it in search results and llms.txt: this
    // title does, without the site's name after it. A doc keeps its own.
    const suffix = ` ${site.config.titleDelimiter} ${site.config.title}`;
    if (page.kind === 'custom') page.data.title = head.title.endsWith(suffix) ? head.title.slice(0, -suffix.length) : head.title;
  }
  const tags = head.tags.filter((tag) => {
    const name = tag.tagName === 'meta' ? (tag.attributes.name ?? tag.attributes.property) : undefined;
    if (name === 'description' && typeof tag.attributes.content === 'string') page.data.description = tag.attributes.content;
    // The document writes these from the route's title and description already.
    return !(name === 'description' || name === 'og:description' || name === 'og:title');
  });
  if (tags.length > 0) page.data.pageHead = tags;
  for (const ignored of new Set(head.ignored)) {
    site.diagnostics.push({
      severity: 'warning',
      file: page.sourceFile,
      message: `<Head> holds ${ignored}, which is no head element: it is left out of the page's head.`,
      hint: 'Put only <title>, <meta>, <link>, <script>, <style>, <base> or <noscript> elements in <Head>, as plain elements.',
    });
  }
}
