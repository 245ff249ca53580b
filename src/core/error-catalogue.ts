import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from './package-root.js';

/** One `## code` section of the error catalogue: what the problem is and how to fix it. */
export interface CatalogueEntry {
  code: string;
  explanation: string;
}

let cached: Map<string, CatalogueEntry> | undefined;

/**
 * The error catalogue shipped with the package (`src/core/error-catalogue.md`), by code. The docs
 * site's Errors page is generated from the same file, so the terminal and the site say the same.
 */
export function errorCatalogue(): Map<string, CatalogueEntry> {
  if (cached) return cached;
  const text = readFileSync(path.join(packageRoot(), 'src', 'core', 'error-catalogue.md'), 'utf8');
  cached = parseErrorCatalogue(text);
  return cached;
}

export function parseErrorCatalogue(text: string): Map<string, CatalogueEntry> {
  const entries = new Map<string, CatalogueEntry>();
  for (const section of text.split(/^## /m).slice(1)) {
    const [heading = '', ...body] = section.split('\n');
    const code = heading.trim().replace(/^`|`$/g, '');
    entries.set(code, { code, explanation: body.join('\n').trim() });
  }
  return entries;
}

/**
 * Where a reader finds a code's explanation: the published docs page when the package names its
 * docs site (package.json `homepage`), otherwise the command that prints it from the installed
 * package, which works offline and before the docs are published.
 */
export function catalogueReference(code: string, docsHomepage: string | undefined = packageHomepage()): string {
  if (docsHomepage) return new URL(`docs/reference/errors#${code}`, docsHomepage.endsWith('/') ? docsHomepage : `${docsHomepage}/`).href;
  return `sdkdocs errors ${code}`;
}

let homepage: { url: string | undefined } | undefined;

/** Read once: serve's overlay asks for every diagnostic of every rebuild. */
function packageHomepage(): string | undefined {
  if (!homepage) {
    const manifest = JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { homepage?: unknown };
    homepage = { url: typeof manifest.homepage === 'string' && /^https?:\/\//.test(manifest.homepage) ? manifest.homepage : undefined };
  }
  return homepage.url;
}
