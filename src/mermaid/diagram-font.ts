import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../core/package-root.js';

/** The fonts of a site's diagrams: the one mermaid sizes their boxes with and the one the page shows their text in. */
export interface DiagramFont {
  /** The stack mermaid measures text with at build time. */
  layout: string;
  /** What the inlined SVG declares instead: the page's body font, so diagram text reads like the page. */
  display: string;
}

/**
 * The widest sans-serif faces readers commonly have (Verdana on macOS, iOS and Windows, DejaVu Sans
 * on most Linux desktops, both drawn from the same wide design). Boxes measured in them hold the
 * same text in any narrower face (system-ui's San Francisco, Segoe UI, Roboto, Cantarell…), so
 * text laid out on the build machine stays inside its shape whatever font the reader's machine
 * resolves the page's stack to, and where the build machine and the reader both resolve the page's
 * font to one of these (a Linux build read on Linux) it is measured exactly as shown.
 */
const widestCommonSans = "Verdana, 'DejaVu Sans'";

/** The theme's body font as the page's CSS names it: it follows `theme.fonts.body` and `--ifm-font-family-base`. */
const pageBodyFont = 'var(--sdkdocs-font-body)';

/**
 * The diagram fonts of a site. The page's body stack is resolved at build time the way its CSS
 * resolves it (`theme.fonts.body`, else the last `--ifm-font-family-base` of `customCss`, else the
 * theme's default) and measured after the widest common faces: a face the build machine lacks
 * (a self-hosted web font, another system's UI font) falls through to the next.
 */
export function diagramFont(config: { theme: { fonts: { body?: string } }; paths: { customCss: readonly string[] } }): DiagramFont {
  const pageStack = config.theme.fonts.body ?? customCssFontFamily(config.paths.customCss) ?? themeDefaultFontFamily();
  return { layout: `${widestCommonSans}, ${pageStack}`, display: pageBodyFont };
}

/** The last `--ifm-font-family-base` a site stylesheet sets, as the cascade would keep it. */
function customCssFontFamily(files: readonly string[]): string | undefined {
  let found: string | undefined;
  for (const file of files) {
    let css: string;
    try {
      css = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const match of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/--ifm-font-family-base\s*:\s*([^;}]+)/g)) {
      const value = match[1]!.trim();
      if (!value.includes('var(')) found = value;
    }
  }
  return found;
}

let themeDefault: string | undefined;

/** The stack templates/theme.css falls back to when nothing sets `--ifm-font-family-base`. */
function themeDefaultFontFamily(): string {
  themeDefault ??= (() => {
    const css = readFileSync(path.join(packageRoot(), 'templates', 'theme.css'), 'utf8');
    const stack = /--sdkdocs-font-body:\s*var\(--ifm-font-family-base,\s*([^;]+)\);/.exec(css)?.[1]?.trim();
    if (!stack) throw new Error('sdkdocs: templates/theme.css gives --sdkdocs-font-body no default stack');
    return stack;
  })();
  return themeDefault;
}
