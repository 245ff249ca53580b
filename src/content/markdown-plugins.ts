import type { Pluggable } from 'unified';
import type { SiteMarkdownPlugins } from '../markdown/processor.js';

export type { SiteMarkdownPlugins };
import type { ParsedConfig } from '../config/schema.js';

/*
 * The site's own remark and rehype plugins (`docs.remarkPlugins` and friends, as Docusaurus takes
 * them). They are functions, which cannot cross to a worker thread: a parse worker loads the
 * config itself (`loadSiteMarkdownPlugins`), and the compile cache keys compiled docs by what the
 * plugins were made of (`markdownPluginsFingerprint`).
 */

type PluginListEntry = NonNullable<ParsedConfig['docs']['remarkPlugins']>[number];

/** A list entry as unified takes it: `[plugin, options]` or the plugin, its module's default export unwrapped. */
function pluggableOf(entry: PluginListEntry): Pluggable | undefined {
  if (entry === false || entry === null) return undefined;
  const [plugin, ...options] = Array.isArray(entry) ? entry : [entry];
  const attacher = typeof plugin === 'function' ? plugin : (plugin as unknown as { default: (...args: never[]) => unknown }).default;
  return (options.length > 0 ? [attacher, ...options] : attacher) as Pluggable;
}

/** The plugins of the docs (or of the blog) of a config; undefined when it has none. */
export function siteMarkdownPlugins(docs: Pick<ParsedConfig['docs'], 'beforeDefaultRemarkPlugins' | 'remarkPlugins' | 'beforeDefaultRehypePlugins' | 'rehypePlugins'>): SiteMarkdownPlugins | undefined {
  const list = (entries: PluginListEntry[] | undefined) => (entries ?? []).map(pluggableOf).filter((plugin): plugin is Pluggable => plugin !== undefined);
  const plugins = {
    beforeRemark: list(docs.beforeDefaultRemarkPlugins),
    remark: list(docs.remarkPlugins),
    beforeRehype: list(docs.beforeDefaultRehypePlugins),
    rehype: list(docs.rehypePlugins),
  };
  return Object.values(plugins).some((entries) => entries.length > 0) ? plugins : undefined;
}

/** The plugins a worker thread compiles with: the site's config, loaded again in this thread. */
export async function loadSiteMarkdownPlugins(siteDir: string): Promise<SiteMarkdownPlugins | undefined> {
  // Loaded by URL, so that it stays out of the worker's bundle: most sites have no plugins, and
  // their workers never load a config (nor esbuild, which loading one takes).
  const loader = new URL('../config/load.js', import.meta.url);
  const { loadConfig } = (await import(loader.href)) as typeof import('../config/load.js');
  return siteMarkdownPlugins((await loadConfig(siteDir)).docs);
}
