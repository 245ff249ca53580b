import path from 'node:path';
import type { ResolvedConfig } from '../config/resolve.js';
import { locateConfigKey } from '../config/locate-key.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { withBaseUrl } from '../shared/paths.js';
import { contrastProblems, derivePalettes, minimumContrast, type PrimaryPalette } from './theme-palette.js';

/**
 * The stylesheet made from the config's `theme` settings, bundled after the theme's own: custom
 * properties for the primary palette and the fonts, and an `@font-face` rule per self-hosted
 * font. Empty when the config sets none of them.
 */
export function themeSettingsCss(config: ResolvedConfig): string {
  const { primaryColor, fonts, fontFaces } = config.theme;
  const rules: string[] = [];
  for (const face of fontFaces) {
    const sources = (Array.isArray(face.src) ? face.src : [face.src]).map((file) => {
      const format = fontFormats[path.extname(file).toLowerCase()];
      return `url(${JSON.stringify(withBaseUrl(file, config.baseUrl))})${format ? ` format("${format}")` : ''}`;
    });
    const declarations = [
      `font-family:${JSON.stringify(face.family)}`,
      `src:${sources.join(',')}`,
      face.weight ? `font-weight:${face.weight}` : '',
      `font-style:${face.style}`,
      `font-display:${face.display}`,
    ];
    rules.push(`@font-face{${declarations.filter(Boolean).join(';')}}`);
  }
  const fontProperties = [
    fonts.body ? `--sdkdocs-font-body:${fonts.body}` : '',
    fonts.headings ? `--sdkdocs-font-headings:${fonts.headings}` : '',
    fonts.code ? `--sdkdocs-font-code:${fonts.code}` : '',
  ].filter(Boolean);
  if (fontProperties.length > 0) rules.push(`:root{${fontProperties.join(';')}}`);
  if (primaryColor !== undefined) {
    const palettes = derivePalettes(primaryColor);
    rules.push(`:root{${paletteProperties(palettes.light)}}`, `[data-theme='dark']{${paletteProperties(palettes.dark)}}`);
  }
  rules.push(...codeColorRules(config.theme.codeColors));
  return rules.join('\n');
}

/**
 * The highlighting colours sdkdocs' code blocks use, each with the Prism token types that stand
 * for it, most fitting first: a Prism theme colours the same kinds of token.
 */
const tokenColorProperties: [property: string, prismTypes: string[]][] = [
  ['--hl-keyword', ['keyword', 'builtin', 'atrule', 'selector', 'important']],
  ['--hl-string', ['string', 'char', 'attr-value', 'regex', 'inserted', 'url']],
  ['--hl-number', ['number', 'boolean', 'constant', 'symbol']],
  ['--hl-comment', ['comment', 'prolog', 'doctype', 'cdata']],
  ['--hl-title', ['function', 'function-variable', 'method']],
  ['--hl-type', ['class-name', 'tag', 'namespace']],
  ['--hl-attr', ['attr-name', 'property', 'variable', 'parameter']],
];

/**
 * Code blocks in each mode's Prism theme (`theme.codeColors`): its token colours as the custom
 * properties the highlighting rules read, its background and text, and its comments' font style.
 * A mode without a theme keeps sdkdocs' own colours.
 */
function codeColorRules(codeColors: ResolvedConfig['theme']['codeColors']): string[] {
  if (!codeColors) return [];
  const rules: string[] = [];
  const modes = [
    [":root:not([data-theme='dark'])", codeColors.light],
    ["[data-theme='dark']", codeColors.dark],
  ] as const;
  for (const [selector, theme] of modes) {
    if (!theme) continue;
    // Styles for some languages only (a `languages` list) would colour the others wrongly.
    const styles = theme.styles.filter((entry) => !entry.languages?.length);
    const styleOf = (types: string[]) => types.map((type) => styles.find((entry) => entry.types.includes(type))?.style).find(Boolean);
    const properties: string[] = [];
    for (const [property, types] of tokenColorProperties) {
      const color = styleOf(types)?.color;
      if (color) properties.push(`${property}:${color}`);
    }
    if (theme.plain.backgroundColor) properties.push(`--sdkdocs-color-code-bg:${theme.plain.backgroundColor}`);
    properties.push(`--sdkdocs-code-text:${theme.plain.color ?? 'inherit'}`);
    properties.push(`--sdkdocs-code-comment-style:${styleOf(['comment'])?.fontStyle ?? 'normal'}`);
    rules.push(`${selector}{${properties.join(';')}}`);
  }
  rules.push('.code-block{color:var(--sdkdocs-code-text,inherit)}', '.hljs-comment,.hljs-quote,.hljs-meta{font-style:var(--sdkdocs-code-comment-style,italic)}');
  return rules;
}

const fontFormats: Record<string, string> = { '.woff2': 'woff2', '.woff': 'woff', '.ttf': 'truetype', '.otf': 'opentype' };

function paletteProperties(palette: PrimaryPalette): string {
  return [
    `--sdkdocs-color-primary:${palette.primary}`,
    `--sdkdocs-color-primary-dark:${palette.dark}`,
    `--sdkdocs-color-primary-darker:${palette.darker}`,
    `--sdkdocs-color-primary-darkest:${palette.darkest}`,
    `--sdkdocs-color-primary-light:${palette.light}`,
    `--sdkdocs-color-primary-lighter:${palette.lighter}`,
    `--sdkdocs-color-primary-lightest:${palette.lightest}`,
    `--sdkdocs-color-primary-contrast:${palette.contrast}`,
    `--sdkdocs-color-link:${palette.primary}`,
    `--sdkdocs-color-highlight-line:${palette.highlight}`,
  ].join(';');
}

/**
 * A warning for each pair of the primary palette that reads below WCAG AA, naming the colour and
 * located at the config's `theme.primaryColor`.
 */
export function primaryContrastWarnings(config: ResolvedConfig): Diagnostic[] {
  const { primaryColor } = config.theme;
  if (primaryColor === undefined) return [];
  const problems = contrastProblems(derivePalettes(primaryColor));
  if (problems.length === 0) return [];
  return problems.map((problem) => {
    const keys = typeof primaryColor === 'string' ? ['theme', 'primaryColor'] : ['theme', 'primaryColor', problem.mode];
    const derived = typeof primaryColor === 'string' && problem.mode === 'dark' ? ` (derived for dark mode from ${primaryColor})` : '';
    return {
      severity: 'warning',
      code: 'contrast',
      message: `theme.primaryColor: in ${problem.mode} mode, ${problem.what} has a contrast of ${problem.ratio.toFixed(2)}:1 (${problem.foreground} on ${problem.background}${derived}), below the ${minimumContrast}:1 that WCAG AA asks of text.`,
      file: config.configFile,
      ...locateConfigKey(config, keys),
      hint:
        problem.mode === 'light'
          ? 'Pick a darker shade of the colour, or give one colour per mode: primaryColor: { light: …, dark: … }.'
          : 'Give a lighter colour for dark mode: primaryColor: { light: …, dark: … }.',
    };
  });
}
