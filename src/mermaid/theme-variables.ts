import { colord, extend } from 'colord';
import namesPlugin from 'colord/plugins/names';

extend([namesPlugin]);

/** mermaid's `themeVariables` as `mermaid.mermaidAPI.getConfig()` gives them after `initialize`. */
export type ThemeVariables = Record<string, unknown>;

/** The computed variables of both colour modes: mermaid's `default` theme for light, `dark` for dark. */
export interface ModeThemeVariables {
  light: ThemeVariables;
  dark: ThemeVariables;
  /** The `base` theme's own variables: those neither mode sets are unset again, not derived from sentinels. */
  base: ThemeVariables;
}

/**
 * One render for both colour modes: the `base` theme with every colour variable set to a colour of
 * its own (a sentinel) that no diagram draws with otherwise, so that each sentinel found in the
 * SVG names the variable it came from, and becomes `var(--sdkdocs-mermaid-<name>)`.
 */
export interface SentinelTheme {
  /** Passed to mermaid with `theme: 'base'`: every variable set, so mermaid derives none of them. */
  themeVariables: ThemeVariables;
  /** The custom property's name per sentinel colour, keyed by `r,g,b`. */
  nameOfSentinel: Map<string, string>;
  /** Each custom property's value in light and in dark mode; undefined where that theme has no colour for it. */
  values: Map<string, ModeValues>;
}

interface ModeValues {
  light?: string;
  dark?: string;
}

/** Custom properties of diagram colours: `--sdkdocs-mermaid-primaryColor`. */
export const diagramColorPropertyPrefix = '--sdkdocs-mermaid-';

/**
 * Values mermaid's themes hold that are not colours though a colour parser might read them so
 * (`normal` is a font weight; `calculated` a marker the dark theme leaves in `labelColor`).
 */
const notColours = new Set(['normal', 'calculated', 'none', 'inherit', 'transparent']);

function isColour(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const text = value.trim();
  if (notColours.has(text.toLowerCase()) || /NaN/.test(text)) return false;
  return colord(text).isValid();
}

/** The n-th sentinel: very dark, slightly red, and the blue channel counting: nothing mermaid draws is this colour. */
function sentinel(index: number): string {
  return `#${[0x11, 3 + Math.floor(index / 250), 3 + (index % 250)].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

function rgbKey(colour: string): string | undefined {
  const parsed = colord(colour);
  if (!parsed.isValid()) return undefined;
  const { r, g, b } = parsed.toRgb();
  return `${r},${g},${b}`;
}

/**
 * The sentinel theme for mermaid's computed light and dark variables. Every variable that is a
 * colour in either mode gets a sentinel; the others keep their light value (they are the same in
 * both themes: sizes, fonts). Nested groups (`xyChart`, `radar`, …) are walked one level deep, and
 * `xyChart.plotColorPalette`, a comma-separated list, colour by colour.
 */
export function sentinelTheme(modes: ModeThemeVariables): SentinelTheme {
  const themeVariables: ThemeVariables = {};
  const nameOfSentinel = new Map<string, string>();
  const values = new Map<string, ModeValues>();
  let count = 0;
  const assign = (name: string, light: unknown, dark: unknown): string => {
    const colour = sentinel(count++);
    nameOfSentinel.set(rgbKey(colour)!, name);
    values.set(name, { light: isColour(light) ? light : undefined, dark: isColour(dark) ? dark : undefined });
    return colour;
  };
  const variable = (name: string, light: unknown, dark: unknown): unknown => {
    if (name.endsWith('plotColorPalette') && typeof light === 'string' && typeof dark === 'string') {
      const lights = light.split(',').map((colour) => colour.trim());
      const darks = dark.split(',').map((colour) => colour.trim());
      return lights.map((colour, index) => assign(`${name}-${index}`, colour, darks[index] ?? colour)).join(',');
    }
    if (isColour(light) || isColour(dark)) return assign(name, light, dark);
    return light ?? dark;
  };
  const names = [...new Set([...Object.keys(modes.light), ...Object.keys(modes.dark)])];
  for (const name of names) {
    const light = modes.light[name];
    const dark = modes.dark[name];
    if (isGroup(light) || isGroup(dark)) {
      const lightGroup = isGroup(light) ? light : {};
      const darkGroup = isGroup(dark) ? dark : {};
      themeVariables[name] = Object.fromEntries(
        [...new Set([...Object.keys(lightGroup), ...Object.keys(darkGroup)])].map((key) => [key, variable(`${name}-${key}`, lightGroup[key], darkGroup[key])]),
      );
    } else {
      themeVariables[name] = variable(name, light, dark);
    }
  }
  // `base` derives a few variables the other themes leave unset (`nodeTextColor` from
  // `primaryTextColor`); unset, the diagram styles fall back as they do in light and dark mode. Empty, since mermaid drops a null.
  for (const name of Object.keys(modes.base)) {
    if (!(name in themeVariables) || themeVariables[name] === undefined) themeVariables[name] = '';
  }
  // The light theme's mode: mermaid draws a few shapes differently in dark mode, not only in other colours.
  themeVariables.darkMode = false;
  return { themeVariables, nameOfSentinel, values };
}

function isGroup(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Colours as mermaid writes them in its `<style>` and the browser serialises them in attributes. */
const colourToken = /#[0-9a-fA-F]{6}\b|rgba?\([^)]*\)/g;

/** SVG presentation attributes that hold a colour: they take no `var()`, so they move into `style`. */
const colourAttributes = ['fill', 'stroke', 'stop-color', 'flood-color', 'lighting-color', 'color'];

/**
 * The SVG rendered with {@link sentinelTheme}'s variables, drawn in both colour modes: each
 * sentinel becomes `var(--sdkdocs-mermaid-<name>)` (a faded one, `<name>-a50` for alpha 0.5, as
 * mermaid's styles fade a few variables), and the root's `<style>` starts with the values of the
 * properties it uses, for light mode and for `[data-theme='dark']`, scoped by the root's id.
 * Undefined when the diagram uses a variable one of the themes has no colour for (`pie12` in
 * dark mode, the `packet` colours in light mode): mermaid draws those otherwise, so the diagram
 * needs a render per theme.
 */
export function themeSentinelSvg(svg: string, theme: SentinelTheme, svgId: string): string | undefined {
  const used = new Map<string, ModeValues>();
  const replaceColour = (token: string): string => {
    const parsed = colord(token);
    if (!parsed.isValid()) return token;
    const { r, g, b, a } = parsed.toRgb();
    const name = theme.nameOfSentinel.get(`${r},${g},${b}`);
    if (name === undefined) return token;
    const value = theme.values.get(name)!;
    if (a === 1) {
      used.set(name, value);
      return `var(${diagramColorPropertyPrefix}${name})`;
    }
    const faded = `${name}-a${Math.round(a * 100)}`;
    const fade = (colour: string | undefined) => colour && colord(colour).alpha(a).toRgbString();
    used.set(faded, { light: fade(value.light), dark: fade(value.dark) });
    return `var(${diagramColorPropertyPrefix}${faded})`;
  };
  const attributePattern = new RegExp(`\\s(${colourAttributes.join('|')})="([^"]*)"`, 'g');
  let themed = svg.replace(/<([a-zA-Z][\w:-]*)(\s[^<>]*?)?(\/?)>/g, (tag, tagName: string, attributes: string | undefined, selfClosing: string) => {
    if (!attributes) return tag;
    const moved: string[] = [];
    let rest = attributes.replace(attributePattern, (attribute, name: string, value: string) => {
      const replaced = value.replace(colourToken, replaceColour);
      if (replaced === value) return attribute;
      moved.push(`${name}:${replaced}`);
      return '';
    });
    rest = rest.replace(/\sstyle="([^"]*)"/, (_, style: string) => ` style="${style.replace(colourToken, replaceColour)}"`);
    if (moved.length > 0) {
      // Ahead of what the element's style already says, which was declared with more weight.
      if (/\sstyle="/.test(rest)) rest = rest.replace(/\sstyle="/, ` style="${moved.join(';')};`);
      else rest += ` style="${moved.join(';')}"`;
    }
    return `<${tagName}${rest}${selfClosing}>`;
  });
  themed = themed.replace(/(<style[^>]*>)([\s\S]*?)(<\/style>)/g, (_, open: string, css: string, close: string) => `${open}${css.replace(colourToken, replaceColour)}${close}`);
  if ([...used.values()].some((value) => value.light === undefined || value.dark === undefined)) return undefined;
  if (used.size === 0) return themed;
  const declarations = (mode: 'light' | 'dark') =>
    [...used]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, value]) => `${diagramColorPropertyPrefix}${name}:${value[mode]!};`).join('');
  const rules = `#${svgId}{${declarations('light')}}[data-theme='dark'] #${svgId}{${declarations('dark')}}`;
  if (/<style[^>]*>/.test(themed)) return themed.replace(/(<style[^>]*>)/, `$1${rules}`);
  return themed.replace(/(<svg[^>]*>)/, `$1<style>${rules}</style>`);
}
