import path from 'node:path';
import { unsafeScheme } from '../../shared/safe-url.js';
import type { Definition, Image, ImageReference, Link, Root } from 'mdast';
import type { VFile } from 'vfile';
import { walkTree } from './walk-tree.js';
import { isExternalUrl, withBaseUrl } from '../../shared/paths.js';
import type { SourceLink } from '../../model/compiled-doc.js';

export interface RemarkLinksOptions {
  /** Route (with base URL) of the doc whose file is given, or undefined when there is none. */
  routeOfFile: (absoluteFile: string) => string | undefined;
  /** The docs folder: `/intro.md` style links resolve against it. */
  docsDir: string;
  /** The site folder: `.md` links not found beside the doc or in the docs folder resolve against it, as in Docusaurus. */
  siteDir?: string;
  baseUrl: string;
  /** Route of the page being parsed, for `#fragment` links. */
  pageRoute: string;
  /** Relative links resolve from `pageRoute` with a slash at its end (Docusaurus' `trailingSlash: true`). */
  trailingSlash?: boolean;
}

/**
 * Rewrites relative `.md` links to the routes of the docs they name and absolute routes to carry
 * the base URL, and records every link (with its position) in `file.data.links` for the link rules.
 */
export default function remarkLinks() {
  return (tree: Root, file: VFile) => {
    const options = file.data.linkContext;
    if (!options) return;
    const links: SourceLink[] = [];
    const sourceFile = file.path;
    const visitor = (node: Link | Definition | Image) => {
      const position = node.position?.start;
      const resolved = resolveLink(node.url, node.type === 'image', sourceFile, options, position);
      if (!resolved) return;
      if (resolved.url !== undefined) node.url = resolved.url;
      links.push(resolved.record);
    };
    // Docs' images are rehype-images' (markdown and HTML ones alike): they name files, not routes,
    // and so do the definitions that `![alt][name]` images use.
    const imagesAreFiles = file.data.images !== undefined;
    const definitions: Definition[] = [];
    const imageDefinitions = new Set<string>();
    walkTree(tree, (node) => {
      if (node.type === 'definition') definitions.push(node as Definition);
      else if (node.type === 'imageReference') imageDefinitions.add((node as ImageReference).identifier);
      else if (node.type === 'link' || (node.type === 'image' && !imagesAreFiles)) visitor(node as Link);
    });
    for (const definition of definitions) {
      if (!imagesAreFiles || !imageDefinitions.has(definition.identifier)) visitor(definition);
    }
    file.data.links = links;
  };
}

/**
 * What a link written in `sourceFile` becomes: a relative `.md` link the route of its doc, an
 * absolute route the same with the base URL, a relative URL the route it leads to from the page;
 * with the record the link rules check. Undefined for links to other sites, left as they are.
 */
export function resolveLink(
  url: string,
  isImage: boolean,
  sourceFile: string | undefined,
  options: RemarkLinksOptions,
  position?: { line: number; column: number },
): { url?: string; record: SourceLink } | undefined {
  // A URL that runs script is no link: the safe-URL pass removes it, with a warning of its own.
  if (!url || isExternalUrl(url) || unsafeScheme(url) !== undefined) return undefined;
  const record: SourceLink = { url, kind: 'route', file: sourceFile, line: position?.line, column: position?.column };
  const [target, fragment] = splitFragment(url);
  let rewritten: string | undefined;
  if (target === '') {
    record.resolved = `${options.pageRoute}#${fragment}`;
  } else if (/\.mdx?$/i.test(target) && !isImage) {
    record.kind = 'markdown';
    rewritten = resolveMarkdownLink(url, sourceFile, options);
    if (rewritten) record.resolved = rewritten;
  } else if (target.startsWith('/')) {
    rewritten = record.resolved = withBaseUrl(url, options.baseUrl);
  } else {
    // As in Docusaurus, whose pages have no trailing slash unless `trailingSlash` is set: `colors` on
    // /docs/view is /docs/colors, on /docs/view/ /docs/view/colors. Written out whole, so the browser
    // does not resolve it again from /docs/view/ where a host adds the slash.
    const base = options.trailingSlash && !options.pageRoute.endsWith('/') ? `${options.pageRoute}/` : options.pageRoute;
    const resolved = new URL(target, `http://site${base}`);
    rewritten = record.resolved = resolved.pathname + resolved.search + (fragment === undefined ? '' : `#${fragment}`);
  }
  return { url: rewritten, record };
}

/**
 * Where a `.md` link (`../guide.md#setup`) written in `sourceFile` points: the route of the doc
 * with that file plus the fragment, or undefined when no doc has that file. The folders are tried
 * in Docusaurus' order: `./x.md` and `../x.md` only beside the doc; `/x.md` in the docs folder,
 * then the site folder; `x.md` beside the doc, then in the docs folder, then the site folder.
 */
export function resolveMarkdownLink(
  url: string,
  sourceFile: string | undefined,
  options: Pick<RemarkLinksOptions, 'routeOfFile' | 'docsDir' | 'siteDir'>,
): string | undefined {
  const [target, fragment] = splitFragment(url);
  const file = safeDecode(target);
  const folders: string[] = [];
  if (!file.startsWith('/')) folders.push(path.dirname(sourceFile ?? path.join(options.docsDir, 'index.md')));
  if (!file.startsWith('./') && !file.startsWith('../')) folders.push(options.docsDir, ...(options.siteDir ? [options.siteDir] : []));
  for (const folder of folders) {
    const route = options.routeOfFile(path.join(folder, file));
    if (route) return fragment === undefined ? route : `${route}#${fragment}`;
  }
  return undefined;
}

/** `%20` and friends decoded; a malformed escape is taken as written. */
function safeDecode(target: string): string {
  try {
    return decodeURI(target);
  } catch {
    return target;
  }
}

function splitFragment(url: string): [string, string | undefined] {
  const hash = url.indexOf('#');
  return hash === -1 ? [url, undefined] : [url.slice(0, hash), url.slice(hash + 1)];
}

declare module 'vfile' {
  interface DataMap {
    links: SourceLink[];
    /** Set per file by the caller: where links of this file resolve. */
    linkContext: RemarkLinksOptions;
  }
}
