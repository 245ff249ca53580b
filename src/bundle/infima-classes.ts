/**
 * Infima's stylesheet cut down to what a page that uses its classes needs beside sdkdocs' theme:
 * its class rules and its custom properties, without the element styles (`body`, `h1`, `a`,
 * `table`…) that would restyle the theme, and without the components the theme draws itself
 * under the same names. Pure string work over Infima's built CSS.
 */

/**
 * Infima components whose class names sdkdocs' own markup uses for its own components (the
 * navbar, footer, breadcrumbs, pager, tabs, and `markdown` around every page's content): their
 * Infima rules would restyle the theme's, so they are left out.
 */
const themeComponents = ['markdown', 'navbar', 'footer', 'breadcrumbs', 'pagination-nav', 'tabs'];

/**
 * Infima classes that ask for nothing the theme lacks: `container` has the theme's own rule, the
 * same but for Infima's extra-wide screens. A page that uses only these does not load the sheet.
 */
const classesTheThemeHas = new Set(['container']);

export interface InfimaClasses {
  /** The stylesheet, not minified. */
  css: string;
  /** The class names a page's HTML may use to need it. */
  classNames: Set<string>;
}

/**
 * Cuts Infima's CSS (`infima/dist/css/default/default.css`) down to its classes. `themeProperties`
 * are the `--ifm-*` properties sdkdocs' theme sets or reads itself (from the site's CSS, else its
 * own defaults): Infima's defaults for them are left out, so that they mean the same on a page
 * with this sheet as on one without.
 */
export function infimaClasses(source: string, themeProperties: ReadonlySet<string>): InfimaClasses {
  const classNames = new Set<string>();
  const keepStatements = (css: string): string[] =>
    statementsOf(css).flatMap((statement): string[] => {
      if (statement.prelude.startsWith('@')) {
        if (!/^@(media|supports)\b/.test(statement.prelude)) return [`${statement.prelude}{${statement.body}}`];
        const inner = keepStatements(statement.body);
        return inner.length > 0 ? [`${statement.prelude}{\n${inner.join('\n')}\n}`] : [];
      }
      const rule = keepRule(statement.prelude, statement.body, themeProperties);
      if (!rule) return [];
      for (const selector of rule.selectors) for (const name of classesOf(selector)) classNames.add(name);
      return [`${rule.selectors.join(',\n')} {\n  ${rule.declarations.join(';\n  ')}\n}`];
    });
  const css = keepStatements(withoutComments(source)).join('\n');
  for (const name of classesTheThemeHas) classNames.delete(name);
  return { css, classNames };
}

/**
 * A pattern that finds an element with one of the classes in HTML as React and hast write it
 * (`class="a b"`). One regular expression over the whole page: splitting every class attribute
 * took 1.6 s over 10,000 pages of 20 kB, this takes 0.2 s.
 */
export function classAttributePattern(classNames: Iterable<string>): RegExp {
  const names = [...classNames].sort((a, b) => b.length - a.length).map((name) => name.replace(/[^\w-]/g, '\\$&'));
  if (names.length === 0) return /(?!)/;
  return new RegExp(`\\sclass="(?:[^"]*\\s)?(?:${names.join('|')})[\\s"]`);
}

/** `:root`, `html`, `html[data-theme='dark']`: where Infima sets its custom properties. */
const rootSelector = /^(:root|html)(\[[^\]]*\])*$/;

function keepRule(prelude: string, body: string, themeProperties: ReadonlySet<string>): { selectors: string[]; declarations: string[] } | undefined {
  const declarations = splitTopLevel(body, ';')
    .map((declaration) => declaration.trim())
    .filter(Boolean);
  const onlyProperties = declarations.every((declaration) => declaration.startsWith('--'));
  const selectors = splitTopLevel(prelude, ',')
    .map((selector) => selector.trim())
    .filter((selector) => (rootSelector.test(selector) ? onlyProperties : isClassSelector(selector)));
  if (selectors.length === 0) return undefined;
  const kept = selectors.some((selector) => rootSelector.test(selector))
    ? declarations.filter((declaration) => !themeProperties.has(declaration.slice(0, declaration.indexOf(':')).trim()))
    : declarations;
  return kept.length > 0 ? { selectors, declarations: kept } : undefined;
}

/** A selector of an element with one of Infima's classes (not only inside `:not()`), of no component the theme draws. */
function isClassSelector(selector: string): boolean {
  const names = classesOf(selector);
  if (names.some((name) => themeComponents.some((component) => name === component || name.startsWith(`${component}-`) || name.startsWith(`${component}_`)))) {
    return false;
  }
  return classesOf(selector.replace(/:not\([^)]*\)/g, '')).length > 0;
}

function classesOf(selector: string): string[] {
  return [...selector.replace(/\[[^\]]*\]/g, '').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]);
}

interface Statement {
  /** A selector list, or an at-rule's name and condition. */
  prelude: string;
  /** Declarations, or the statements inside an at-rule. */
  body: string;
}

/** The top-level statements with a block; statements without one (`@charset`, `@import`) are dropped. */
function statementsOf(css: string): Statement[] {
  const statements: Statement[] = [];
  let depth = 0;
  let start = 0;
  let open = 0;
  for (let index = 0; index < css.length; index++) {
    const char = css[index];
    if (char === '"' || char === "'") index = stringEnd(css, index);
    else if (char === '{') {
      if (depth++ === 0) open = index;
    } else if (char === '}') {
      if (--depth === 0) {
        statements.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, index) });
        start = index + 1;
      }
    } else if (char === ';' && depth === 0) start = index + 1;
  }
  return statements;
}

/** Splits at `separator` outside strings, parentheses and brackets. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '"' || char === "'") index = stringEnd(text, index);
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The index of the quote that closes the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  const quote = text[start];
  let index = start + 1;
  while (index < text.length && text[index] !== quote) index += text[index] === '\\' ? 2 : 1;
  return index;
}

function withoutComments(css: string): string {
  let out = '';
  let index = 0;
  while (index < css.length) {
    const char = css[index];
    if (char === '/' && css[index + 1] === '*') {
      const end = css.indexOf('*/', index + 2);
      index = end < 0 ? css.length : end + 2;
    } else if (char === '"' || char === "'") {
      const end = stringEnd(css, index);
      out += css.slice(index, end + 1);
      index = end + 1;
    } else {
      out += char;
      index++;
    }
  }
  return out;
}
