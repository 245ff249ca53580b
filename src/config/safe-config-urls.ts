import type { Diagnostic } from '../core/diagnostic.js';
import { unsafeScheme } from '../shared/safe-url.js';
import { formatKeyPath, locateConfigKey, writtenKeyPath } from './locate-key.js';
import type { ResolvedConfig } from './resolve.js';

/** Keys whose string value is a URL a page links to or loads. */
const urlKeys = new Set(['href', 'to', 'src', 'srcDark', 'editUrl', 'image', 'favicon', 'link', 'permalink']);
/** The parts of the config that become links, head tags and redirect pages. */
const sectionsWithUrls = ['navbar', 'footer', 'redirects', 'docs', 'landing', 'headTags', 'scripts', 'stylesheets', 'image', 'favicon', 'announcementBar'];
/** Values handed to plugins as they are: not sdkdocs' to judge. */
const pluginKeys = new Set(['remarkPlugins', 'rehypePlugins', 'beforeDefaultRemarkPlugins', 'beforeDefaultRehypePlugins']);

type KeyPath = (string | number)[];

/**
 * Takes out of the config every URL that would run script in a reader's browser (`javascript:`,
 * `vbscript:`, `data:`): a navbar or footer item, redirect, head tag or script that leads there is
 * dropped whole, any other such value is left unset. Each is a warning at its key, and the build
 * goes on, as for the same URL in a doc.
 */
export function withoutLiveScriptUrls(config: ResolvedConfig): Diagnostic[] {
  const found: { keys: KeyPath; scheme: string }[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, keys: KeyPath) => {
    if (typeof value === 'string') {
      const key = keys.at(-1);
      const scheme = typeof key === 'string' && urlKeys.has(key) ? unsafeScheme(value, key === 'src' || key === 'image' ? 'img' : undefined) : undefined;
      // A list of scripts or stylesheets written as plain URLs.
      const listed = typeof key === 'number' && (keys[0] === 'scripts' || keys[0] === 'stylesheets') ? unsafeScheme(value) : undefined;
      if (scheme ?? listed) found.push({ keys, scheme: (scheme ?? listed)! });
      return;
    }
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) value.forEach((item, index) => visit(item, [...keys, index]));
    else for (const [key, child] of Object.entries(value)) if (!pluginKeys.has(key)) visit(child, [...keys, key]);
  };
  const record = config as unknown as Record<string, unknown>;
  for (const section of sectionsWithUrls) visit(record[section], [section]);
  if (found.length === 0) return [];

  const diagnostics = found.map(({ keys, scheme }): Diagnostic => {
    const dropsItem = itemIndexOf(keys) !== undefined;
    return {
      severity: 'warning',
      code: 'unsafe-url',
      message: `${formatKeyPath(writtenKeyPath(config, keys))}: the ${scheme}: URL was removed${dropsItem ? ', and with it the item' : ''}: it could run script in the reader's browser.`,
      hint: 'Give a route of the site or an http(s) URL; put scripts in a custom React page (src/pages).',
      file: config.configFile,
      ...locateConfigKey(config, keys),
    };
  });
  // Items are taken out from the last index down, so the earlier paths stay true.
  const removals = found.map(({ keys }) => keys).sort((a, b) => compareDescending(a, b));
  for (const keys of removals) {
    const itemAt = itemIndexOf(keys);
    if (itemAt !== undefined) {
      const list = valueAt(record, keys.slice(0, itemAt));
      if (Array.isArray(list)) list.splice(keys[itemAt] as number, 1);
    } else {
      const parent = valueAt(record, keys.slice(0, -1));
      if (typeof parent === 'object' && parent !== null) delete (parent as Record<string | number, unknown>)[keys.at(-1)!];
    }
  }
  return diagnostics;
}

/**
 * Where the item holding a URL sits, when the URL is what the item is for (a navbar or footer
 * link, a redirect's target, a head tag's or script's URL): the position of its index in the path.
 */
function itemIndexOf(keys: KeyPath): number | undefined {
  for (let at = keys.length - 1; at >= 0; at--) {
    if (typeof keys[at] !== 'number') continue;
    const rest = keys.slice(at + 1);
    if (rest.length === 0 || (rest.length === 1 && ['href', 'to', 'src'].includes(rest[0] as string))) return at;
    if (rest.length === 2 && rest[0] === 'attributes' && ['href', 'src'].includes(rest[1] as string)) return at;
    return undefined;
  }
  return undefined;
}

function valueAt(target: unknown, keys: KeyPath): unknown {
  return keys.reduce<unknown>((current, key) => (typeof current === 'object' && current !== null ? (current as Record<string | number, unknown>)[key] : undefined), target);
}

function compareDescending(a: KeyPath, b: KeyPath): number {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    if (a[index] === b[index]) continue;
    if (typeof a[index] === 'number' && typeof b[index] === 'number') return (b[index] as number) - (a[index] as number);
    return String(b[index]).localeCompare(String(a[index]));
  }
  return b.length - a.length;
}
