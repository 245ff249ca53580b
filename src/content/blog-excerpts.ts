import { Parser } from 'htmlparser2';
import { truncateSentinelAttribute } from '../core/blog.js';
import type { Page, Site } from '../core/site.js';

/**
 * Gives each compiled blog post its HTML and the excerpt the lists show: the HTML up to where the
 * truncate marker was (the compiler kept an empty element there), with the elements open at that
 * point closed. Cutting the compiled HTML, rather than compiling the part before the marker again,
 * keeps one compile per post and the excerpt the same as the post's start.
 */
export function takeBlogPostHtml(site: Site, pageByRoute: ReadonlyMap<string, Page>): void {
  for (const post of site.blog?.posts ?? []) {
    const html = pageByRoute.get(post.route)?.content?.html;
    if (html === undefined) continue;
    post.html = html;
    post.excerptHtml = post.truncated ? htmlBeforeSentinel(html) : html;
  }
}

/** The HTML before the first truncate sentinel, its open elements closed; all of it when there is none. */
function htmlBeforeSentinel(html: string): string {
  const open: string[] = [];
  let cutAt: number | undefined;
  let cutOpen: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (cutAt !== undefined) return;
        if (truncateSentinelAttribute in attributes) {
          cutAt = parser.startIndex;
          cutOpen = [...open];
          return;
        }
        open.push(name);
      },
      onclosetag(name) {
        if (cutAt !== undefined) return;
        const index = open.lastIndexOf(name);
        if (index >= 0) open.length = index;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  if (cutAt === undefined) return html;
  return html.slice(0, cutAt) + cutOpen.reverse().map((name) => `</${name}>`).join('');
}
