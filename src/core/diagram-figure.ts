import type { Element, ElementContent } from 'hast';
import { diagramZoomStrings, formatThemeString } from '../shared/theme-strings.js';
import { diagramThemes, type DiagramTheme } from './diagram-renderer.js';
import { inlineDiagramSvg, type DiagramFontFamilies } from './diagram-svg.js';

export type { DiagramAnswer, DiagramFigures, DiagramRequest } from '../model/diagram.js';

const variantOfTheme: Record<DiagramTheme, string> = { default: 'light', dark: 'dark' };

/**
 * The `<figure>` of a rendered diagram, numbered for its place on the page: one inline SVG whose
 * colours follow the colour mode, or (for kinds one render cannot draw in both) a light and a dark
 * SVG that CSS shows one of, after the button that opens it full size.
 */
export function buildDiagramFigure(rendered: string | Record<DiagramTheme, string>, number: number, font: DiagramFontFamilies): Element {
  const variants =
    typeof rendered === 'string'
      ? [inlineDiagramSvg(rendered, { id: `mermaid-${number}`, className: ['mermaid-svg'], font })]
      : diagramThemes.map((theme) =>
          inlineDiagramSvg(rendered[theme], {
            id: `mermaid-${number}-${variantOfTheme[theme]}`,
            className: ['mermaid-svg', `mermaid-${variantOfTheme[theme]}`],
            font,
          }),
        );
  return {
    type: 'element',
    tagName: 'figure',
    properties: { className: ['mermaid-diagram'], style: diagramWidthStyle(variants[0]) },
    // The button first: on a phone it is seen before a tall diagram is scrolled through.
    children: [fullSizeButton(), ...(variants as ElementContent[])],
  };
}

/** Whether a stored value is a figure {@link buildDiagramFigure} made (anything else is a miss). */
export function isDiagramFigure(value: unknown): value is Element {
  return typeof value === 'object' && value !== null && (value as Element).type === 'element' && (value as Element).tagName === 'figure';
}

/**
 * Smallest text a diagram is shrunk to on a narrow screen: Lighthouse's legible size. Below it the
 * figure keeps the diagram at this scale and scrolls sideways instead.
 */
export const readableDiagramTextPx = 12;

/**
 * The diagram's natural width (mermaid's `max-width` on the SVG) as `--diagram-width`, and as
 * `--diagram-min-width` the width at which its text is {@link readableDiagramTextPx} high: the
 * theme shrinks a diagram to the column's width, but not below that.
 */
function diagramWidthStyle(svg: Element): string | undefined {
  const width = /(?:^|;)\s*max-width:\s*([\d.]+)px/.exec(String(svg.properties.style ?? ''))?.[1];
  if (!width) return undefined;
  const natural = Number(width);
  const minimum = Math.min(natural, Math.ceil((natural * readableDiagramTextPx) / diagramFontSize(svg)));
  return `--diagram-width:${width}px;--diagram-min-width:${minimum}px`;
}

/** The font size mermaid's `<style>` gives the diagram's root (`#mermaid-1{…font-size:16px…}`), 16 when it gives none. */
function diagramFontSize(svg: Element): number {
  const style = svg.children.find((node): node is Element => node.type === 'element' && node.tagName === 'style');
  const css = style?.children.map((node) => (node.type === 'text' ? node.value : '')).join('') ?? '';
  const rootRule = new RegExp(`#${String(svg.properties.id)}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  const size = Number(/font-size:\s*([\d.]+)px/.exec(rootRule)?.[1]);
  return size > 0 ? size : 16;
}

/**
 * Opens the diagram in a dialog that fits, zooms and pans it (src/client/diagram-dialog.ts); shown
 * only with JavaScript. It carries the labels of the dialog's zoom buttons, which the browser
 * bundle does not.
 */
function fullSizeButton(): Element {
  const zoom = diagramZoomStrings.en;
  return {
    type: 'element',
    tagName: 'button',
    properties: { type: 'button', className: ['diagram-full-size-button'], dataZoomIn: zoom.zoomIn, dataZoomOut: zoom.zoomOut, dataZoomFit: zoom.zoomFit },
    children: [{ type: 'text', value: formatThemeString('diagramOpenFullSize') }],
  };
}
