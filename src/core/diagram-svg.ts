import type { Element, ElementContent, Properties, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { visit } from 'unist-util-visit';

export interface InlineSvgOptions {
  /** Becomes the root `<svg>` id and the prefix of every other id in it: unique on its page. */
  id: string;
  className: string[];
  font: DiagramFontFamilies;
}

/** The font stack mermaid measured the diagram's text with, and the one the page shows it in. */
export interface DiagramFontFamilies {
  /** Inline copies of it are dropped and the `<style>`'s become {@link shown}. */
  measured: string;
  shown: string;
}

/** Mermaid's bookkeeping for its browser runtime, which a static page never runs. */
const runtimeOnlyProperties = ['dataEt', 'dataId', 'dataType', 'name', 'ariaRoleDescription'];

/**
 * Turns a rendered mermaid SVG into a hast `<svg>` that can sit inline in a page beside others:
 * the root takes `options.id`, every other id becomes `${options.id}-${n}` in document order (plus
 * whatever its CSS selects it by: `-arrowhead` for `[id$="-arrowhead"]`), and
 * every reference to them (`url(#…)`, `href="#…"`, ARIA, the `<style>` rules scoped by the root
 * id) follows; the title and description become its accessible name;
 * attributes only mermaid's runtime reads are dropped to keep the page light.
 */
export function inlineDiagramSvg(svg: string, options: InlineSvgOptions): Element {
  const fragment: Root = fromHtml(svg, { fragment: true });
  const root = fragment.children.find((node): node is Element => node.type === 'element' && node.tagName === 'svg');
  if (!root) throw new Error('sdkdocs: the diagram renderer returned no <svg> element');
  const label = fallbackLabel(root);

  // Ids are numbered in document order rather than derived from mermaid's: mermaid counts some
  // ids across renders (`actor31` after thirty other actors) and Iconify makes up random ones, so
  // only the shape of the SVG, not its render history, may decide them. An id keeps the part its
  // own CSS selects it by (`[id$="-arrowhead"] path` colours the sequence arrowheads per theme).
  const selectors = idSelectors(root);
  const renamed = new Map<string, string>();
  let numbered = 0;
  visit(root, 'element', (node) => {
    const id = node.properties.id;
    if (typeof id !== 'string' || id === '' || renamed.has(id)) return;
    renamed.set(id, node === root ? options.id : `${options.id}-${++numbered}${selectedPart(id, selectors)}`);
  });
  const rename = (id: string) => renamed.get(id) ?? id;
  const measuredFont = fontKey(options.font.measured);

  visit(root, (node) => {
    // Positions point into the SVG string, not into the page's markdown: nothing may report them.
    delete node.position;
    if (node.type !== 'element') return;
    const properties = node.properties;
    for (const key of runtimeOnlyProperties) delete properties[key];
    for (const [key, value] of Object.entries(properties)) {
      if (key === 'id' && typeof value === 'string') properties.id = rename(value);
      else if ((key === 'href' || key === 'xLinkHref') && typeof value === 'string' && value.startsWith('#')) properties[key] = `#${rename(value.slice(1))}`;
      else if ((key === 'ariaLabelledBy' || key === 'ariaDescribedBy') && Array.isArray(value)) properties[key] = value.map((ref) => rename(String(ref)));
      else if (key === 'style' && typeof value === 'string') properties.style = withoutDeclarations(value, (name, text) => name === 'font-family' && fontKey(text) === measuredFont);
      else if (key === 'fontFamily' && typeof value === 'string' && fontKey(value) === measuredFont) delete properties.fontFamily;
      else if (typeof value === 'string' && value.includes('url(#')) properties[key] = value.replace(/url\(#([^)]+)\)/g, (_, ref: string) => `url(#${rename(ref)})`);
    }
    if (node.tagName === 'style') {
      for (const child of node.children) {
        if (child.type !== 'text') continue;
        child.value = child.value.replace(/#([A-Za-z_][\w-]*)/g, (match, ref: string) => (renamed.has(ref) ? `#${rename(ref)}` : match));
        // The text keeps the boxes measured for it and takes the page's font (see src/mermaid/diagram-font.ts).
        child.value = child.value.replace(/(font-family\s*:\s*)([^;}]+)/g, (declaration, property: string, value: string) =>
          fontKey(value) === measuredFont ? `${property}${options.font.shown}` : declaration,
        );
      }
    }
  });

  const title = root.children.find((node): node is Element => node.type === 'element' && node.tagName === 'title');
  const description = root.children.find((node): node is Element => node.type === 'element' && node.tagName === 'desc');
  const properties: Properties = { ...root.properties, className: options.className, role: 'img' };
  if (typeof properties.style === 'string') {
    properties.style = withoutDeclarations(properties.style, (name) => name === 'background-color');
  }
  delete properties.ariaLabelledBy;
  delete properties.ariaDescribedBy;
  if (title && typeof title.properties.id === 'string') properties.ariaLabelledBy = [title.properties.id];
  else properties.ariaLabel = label;
  if (description && typeof description.properties.id === 'string') properties.ariaDescribedBy = [description.properties.id];
  return { ...root, properties, children: root.children as ElementContent[] };
}

/** The `[id$="…"]` (ends with) and `[id*="…"]` (contains) selectors of the SVG's `<style>` rules. */
interface IdSelectors {
  endsWith: string[];
  contains: string[];
}

function idSelectors(svg: Element): IdSelectors {
  const selectors: IdSelectors = { endsWith: [], contains: [] };
  visit(svg, 'element', (node) => {
    if (node.tagName !== 'style') return;
    for (const child of node.children) {
      if (child.type !== 'text') continue;
      for (const [, operator, value] of child.value.matchAll(/\[id([$*])=["']?([^"'\]]+)["']?\]/g)) {
        (operator === '$' ? selectors.endsWith : selectors.contains).push(value);
      }
    }
  });
  return selectors;
}

/** What a new name must carry so that every selector matching `id` still matches it. */
function selectedPart(id: string, selectors: IdSelectors): string {
  const contained = [...new Set(selectors.contains.filter((value) => id.includes(value)))].join('');
  const ending = selectors.endsWith.filter((value) => id.endsWith(value)).sort((a, b) => b.length - a.length)[0] ?? '';
  return contained + ending;
}

/** `sequence diagram` for a sequence diagram without `accTitle`. */
function fallbackLabel(svg: Element): string {
  const kind = String(svg.properties.ariaRoleDescription ?? '').replace(/-v\d+$/, '');
  return kind ? `${kind[0].toUpperCase()}${kind.slice(1)} diagram` : 'Diagram';
}

function withoutDeclarations(style: string, drop: (name: string, value: string) => boolean): string {
  return style
    .split(';')
    .map((declaration) => declaration.trim())
    .filter((declaration) => {
      const colon = declaration.indexOf(':');
      return colon > 0 && !drop(declaration.slice(0, colon).trim().toLowerCase(), declaration.slice(colon + 1).trim());
    })
    .join(';');
}

/** Font stacks compared without quotes and spaces: the browser re-quotes them when it serialises. */
function fontKey(fontFamily: string): string {
  return fontFamily.replace(/["'\s]/g, '').toLowerCase();
}
