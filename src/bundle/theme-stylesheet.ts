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
  return rules.join('\n');
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
