import { colord, extend, type Colord } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';

extend([a11yPlugin]);

/** WCAG AA for body text: what text on the primary colour, and links in it, must keep. */
export const minimumContrast = 4.5;

export type ColorModeName = 'light' | 'dark';

/** The page background of each colour mode, as the theme stylesheet sets it. */
export const pageBackgrounds: Record<ColorModeName, string> = { light: '#ffffff', dark: '#1b1b1d' };

/** The two text colours that can stand on the primary colour: the theme's white and its near-black. */
const contrastTexts = ['#ffffff', '#1c1e21'];

/** One colour mode's shades of the primary colour, named as Docusaurus names its `--ifm-color-primary-*`. */
export interface PrimaryPalette {
  primary: string;
  dark: string;
  darker: string;
  darkest: string;
  light: string;
  lighter: string;
  lightest: string;
  /** Text on the primary colour: white or near-black, whichever reads better. */
  contrast: string;
  /** The background of highlighted code lines: the primary colour, faint. */
  highlight: string;
}

/**
 * How far one colour is lightened for dark mode: against the page. Links there also sit on tinted
 * backgrounds (admonitions, code, the sidebar), and 7:1 on the page leaves 4.5:1 on all of them.
 */
const darkModeTargetContrast = 7;

/**
 * The palette of both colour modes. One colour serves light mode as it is; dark mode gets it
 * lightened, keeping its hue, until it reads on the dark backgrounds. A `{ light, dark }` pair is
 * used as given.
 */
export function derivePalettes(primary: string | { light: string; dark: string }): Record<ColorModeName, PrimaryPalette> {
  const light = typeof primary === 'string' ? primary : primary.light;
  const dark = typeof primary === 'string' ? readableOnDark(colord(primary)) : colord(primary.dark);
  return { light: paletteOf(colord(light)), dark: paletteOf(dark) };
}

/** The shades as Docusaurus' classic theme derives them: lightness scaled down or up by 10, 15 and 30 %. */
function paletteOf(color: Colord): PrimaryPalette {
  const scaled = (factor: number) => {
    const hsl = color.toHsl();
    return colord({ ...hsl, l: Math.min(100, hsl.l * factor) }).toHex();
  };
  const contrast = contrastTexts.reduce((best, text) => (color.contrast(text) > color.contrast(best) ? text : best));
  return {
    primary: color.toHex(),
    dark: scaled(0.9),
    darker: scaled(0.85),
    darkest: scaled(0.7),
    light: scaled(1.1),
    lighter: scaled(1.15),
    lightest: scaled(1.3),
    contrast,
    highlight: color.alpha(0.1).toRgbString(),
  };
}

function readableOnDark(color: Colord): Colord {
  let current = color;
  for (let step = 0; step < 60 && current.contrast(pageBackgrounds.dark) < darkModeTargetContrast; step++) {
    const hsl = current.toHsl();
    if (hsl.l >= 95) break;
    current = colord({ ...hsl, l: Math.min(95, hsl.l + 2.5) });
  }
  return current;
}

/** A pair of colours of one mode whose contrast is below {@link minimumContrast}. */
export interface ContrastProblem {
  mode: ColorModeName;
  /** What is hard to read, in words. */
  what: string;
  foreground: string;
  background: string;
  ratio: number;
}

/** Checks text on the primary colour, and the primary colour as link text on the page, in both modes. */
export function contrastProblems(palettes: Record<ColorModeName, PrimaryPalette>): ContrastProblem[] {
  const problems: ContrastProblem[] = [];
  for (const mode of ['light', 'dark'] as const) {
    const palette = palettes[mode];
    const pairs = [
      { what: 'text on the primary colour', foreground: palette.contrast, background: palette.primary },
      { what: 'the primary colour as link text on the page background', foreground: palette.primary, background: pageBackgrounds[mode] },
    ];
    for (const pair of pairs) {
      const ratio = colord(pair.foreground).contrast(pair.background);
      if (ratio < minimumContrast) problems.push({ mode, ...pair, ratio });
    }
  }
  return problems;
}
