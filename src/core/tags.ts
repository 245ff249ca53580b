import { slug } from 'github-slugger';
import type { Doc, Site } from './site.js';
import { joinUrlPath } from '../shared/paths.js';
import type { NavLink } from '../shared/types.js';

/** One tag of the docs and the docs that carry it. */
export interface DocsTag {
  label: string;
  /** The tag's page. */
  route: string;
  docs: Doc[];
}

/** Where the tag pages live: `/sdk/docs/tags`, as in Docusaurus. */
export function tagsRoute(site: Site): string {
  return joinUrlPath(site.config.routes.docs, 'tags');
}

/**
 * A doc's front matter `tags` as links: a string is its own label with a slug of it as the path,
 * `{label, permalink}` chooses the path (under the tags route either way, as in Docusaurus).
 */
export function docTagLinks(site: Site, doc: Doc): NavLink[] {
  const base = tagsRoute(site);
  return (doc.frontMatter.tags ?? []).map((tag) => {
    const label = typeof tag === 'string' ? tag : tag.label;
    const permalink = typeof tag === 'string' || tag.permalink === undefined ? tagSlug(label) : tag.permalink;
    return { label, to: joinUrlPath(base, permalink).replace(/(.)\/$/, '$1') };
  });
}

/**
 * A tag's path from its label. github-slugger drops what is not a letter or digit, so a label of
 * emoji or symbols alone (`🚀`) would have no path and land on the tags index: such a label keeps
 * its characters (lower case, spaces as dashes), as Docusaurus keeps them, only path separators
 * and dot segments taken out.
 */
export function tagSlug(label: string): string {
  const slugged = slug(label);
  if (slugged.replace(/-/g, '') !== '') return slugged;
  const kept = label.trim().toLowerCase().replace(/[\s/\\?#%]+/g, '-').replace(/^-+|-+$/g, '');
  return /^\.*$/.test(kept) ? 'tag' : kept;
}

/** Tags worked out once per list of docs: every tag page asks for them. */
const tagsOfDocs = new WeakMap<Doc[], DocsTag[]>();

/** Every tag with its docs (unlisted docs are not listed), ordered by label. */
export function collectTags(site: Site): DocsTag[] {
  const known = tagsOfDocs.get(site.docs);
  if (known) return known;
  const byRoute = new Map<string, DocsTag>();
  for (const doc of site.docs) {
    if (doc.unlisted) continue;
    for (const link of docTagLinks(site, doc)) {
      const tag = byRoute.get(link.to!) ?? { label: link.label, route: link.to!, docs: [] };
      if (!tag.docs.includes(doc)) tag.docs.push(doc);
      byRoute.set(link.to!, tag);
    }
  }
  const tags = [...byRoute.values()].sort((a, b) => a.label.localeCompare(b.label, 'en'));
  tagsOfDocs.set(site.docs, tags);
  return tags;
}
