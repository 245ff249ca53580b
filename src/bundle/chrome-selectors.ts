import type { Diagnostic } from '../core/diagnostic.js';

/**
 * Infima's component classes that Docusaurus' theme draws its chrome with (the sidebar's
 * `menu__list-item`, `navbar--dark`, `dropdown__link`…). sdkdocs' theme draws the same parts under
 * names of its own, so a site stylesheet's rule aimed at these matches nothing of it.
 */
const chromeClass = /\.((?:menu|navbar|footer|dropdown|pagination-nav|breadcrumbs|table-of-contents)(?:__|--)[\w-]+)/g;

/** Where sdkdocs' theme has the part those rules style, for the hint. */
const sdkdocsNames: Record<string, string> = {
  menu: 'sidebar items are `.menu-item` (with their `className`), their links `.menu-link`',
  navbar: 'the navbar is `.navbar` (`.navbar-dark` for `style: "dark"`), its items `.navbar-item`, its links `.navbar-link`',
  footer: 'the footer is `.footer`',
  dropdown: 'navbar dropdowns are `.navbar-dropdown`',
  'pagination-nav': 'the previous/next links are `.pagination-nav`',
  breadcrumbs: 'the breadcrumbs are `.breadcrumbs`',
  'table-of-contents': 'the table of contents is `.toc`',
};

/**
 * Comments blanked out, line breaks kept, so that offsets still give lines and columns: Sass's
 * `//` comments too, when a line starts with one (elsewhere `//` may be a URL's).
 */
function withoutComments(css: string, sass: boolean): string {
  const blank = (comment: string) => comment.replace(/[^\n]/g, ' ');
  const text = css.replace(/\/\*[\s\S]*?\*\//g, blank);
  return sass ? text.replace(/^[ \t]*\/\/.*$/gm, blank) : text;
}

/** True when the match at `index` lies in a selector: a `{` comes before any `;` or `}`. */
function inSelector(css: string, index: number): boolean {
  const rest = css.slice(index);
  const open = rest.indexOf('{');
  if (open < 0) return false;
  const end = rest.search(/[;}]/);
  return end < 0 || open < end;
}

/**
 * One warning per site stylesheet whose rules name Infima's chrome classes, at the first such
 * rule, listing the classes. `drawnBySite` says whether the site's own theme overrides (swizzled
 * components) use a class: their markup is Docusaurus', so such rules do apply.
 */
export function chromeSelectorWarnings(stylesheets: { file: string; css: string }[], drawnBySite: (className: string) => boolean): Diagnostic[] {
  return stylesheets.flatMap(({ file, css }): Diagnostic[] => {
    const text = withoutComments(css, /\.s[ac]ss$/i.test(file));
    const names = new Set<string>();
    let first: number | undefined;
    for (const match of text.matchAll(chromeClass)) {
      const name = match[1]!;
      if (!inSelector(text, match.index) || drawnBySite(name)) continue;
      names.add(name);
      first ??= match.index;
    }
    if (first === undefined) return [];
    const before = text.slice(0, first);
    const line = before.split('\n').length;
    const column = first - before.lastIndexOf('\n');
    const parts = [...new Set([...names].map((name) => name.split(/__|--/)[0]!))];
    return [
      {
        severity: 'warning',
        code: 'chrome-selector',
        message: `${[...names].map((name) => `.${name}`).join(', ')}: rules for Docusaurus' own markup (Infima's classes), which sdkdocs' theme does not draw; they style nothing here.`,
        file,
        line,
        column,
        hint: `In sdkdocs' theme ${parts.map((part) => sdkdocsNames[part]).join('; ')}.`,
      },
    ];
  });
}

/**
 * Whether the site's theme code draws a class: named whole, or made in a template string from a
 * prefix of it (Detox's swizzled footer draws `footer__col_${kebabCase(column.title)}`).
 */
export function classDrawnBy(code: string): (className: string) => boolean {
  return (className) => {
    if (code.includes(className)) return true;
    for (let end = className.length - 1; end > 0; end--) {
      if ('_-'.includes(className[end - 1]!) && code.includes(`${className.slice(0, end)}\${`)) return true;
    }
    return false;
  };
}
