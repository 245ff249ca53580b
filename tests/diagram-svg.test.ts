import type { Element } from 'hast';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { inlineDiagramSvg } from '../src/core/diagram-svg.js';

/** mermaid measured with `system-ui, sans-serif`; the page shows its own font. */
const font = { measured: 'system-ui, sans-serif', shown: 'var(--page-font)' };
const options = { id: 'mermaid-2-dark', className: ['mermaid-svg', 'mermaid-dark'], font };

/**
 * A sequence diagram as mermaid draws it after `actorBase` earlier actors in the same page: its
 * lifeline ids count on from there, and Iconify's ids carry a random prefix.
 */
function sequenceSvg(actorBase: number, iconifyPrefix: string): string {
  const [game, sdk] = [actorBase, actorBase + 1];
  return [
    '<svg id="mermaid-svg" xmlns="http://www.w3.org/2000/svg" style="max-width: 300px; background-color: transparent;" aria-roledescription="sequence" aria-labelledby="chart-title-mermaid-svg" aria-describedby="chart-desc-mermaid-svg">',
    '<title id="chart-title-mermaid-svg">Login</title><desc id="chart-desc-mermaid-svg">Game asks the SDK</desc>',
    '<style>#mermaid-svg{font-family:system-ui, sans-serif;fill:#333;}#mermaid-svg .actor{stroke:#ccc;}#arrowhead path{fill:#333;}</style>',
    `<g><line id="actor${game}" name="Game" data-et="life-line"/><g id="root-${game}"><rect class="actor"/></g></g>`,
    `<g><line id="actor${sdk}" name="SDK" data-et="life-line"/><g id="root-${sdk}"><rect class="actor"/></g></g>`,
    '<defs><marker id="arrowhead"><path d="M0,0"/></marker></defs>',
    `<defs><path id="${iconifyPrefix}0"/><clipPath id="${iconifyPrefix}1"><use xlink:href="#${iconifyPrefix}0"/></clipPath></defs>`,
    `<g clip-path="url(#${iconifyPrefix}1)" style="font-family: system-ui, sans-serif; opacity: 0.5"/>`,
    `<line marker-end="url(#arrowhead)" x1="0"/><use href="#actor${sdk}"/><a href="#elsewhere"/>`,
    '</svg>',
  ].join('');
}

function elements(root: Element): Element[] {
  const found: Element[] = [];
  visit(root, 'element', (node) => {
    found.push(node);
  });
  return found;
}

describe('inlineDiagramSvg', () => {
  it('gives the same tree whatever mermaid rendered before: ids are numbered in document order', () => {
    const first = inlineDiagramSvg(sequenceSvg(0, 'IconifyId1a1ff099748ad02f4'), options);
    const later = inlineDiagramSvg(sequenceSvg(31, 'IconifyId19c0ffee0bad1de0'), options);
    expect(later).toEqual(first);
    expect(elements(first).map((node) => node.properties.id).filter(Boolean)).toEqual([
      'mermaid-2-dark',
      ...Array.from({ length: 9 }, (_, index) => `mermaid-2-dark-${index + 1}`),
    ]);
  });

  it('keeps every reference on the element it named', () => {
    const svg = inlineDiagramSvg(sequenceSvg(31, 'IconifyIdabc'), options);
    const all = elements(svg);
    const byOldName = (tag: string, index = 0) => all.filter((node) => node.tagName === tag)[index];
    const idOf = (node: Element) => String(node.properties.id);

    expect(svg.properties.ariaLabelledBy).toEqual([idOf(byOldName('title'))]);
    expect(svg.properties.ariaDescribedBy).toEqual([idOf(byOldName('desc'))]);
    const marker = byOldName('marker');
    expect(byOldName('line', 2).properties.markerEnd).toBe(`url(#${idOf(marker)})`);
    const [clipUse, lifelineUse] = all.filter((node) => node.tagName === 'use');
    expect(clipUse.properties.xLinkHref).toBe(`#${idOf(byOldName('path', 1))}`);
    expect(lifelineUse.properties.href).toBe(`#${idOf(byOldName('line', 1))}`);
    const clipped = all.find((node) => node.properties.clipPath !== undefined)!;
    expect(clipped.properties.clipPath).toBe(`url(#${idOf(byOldName('clipPath'))})`);
    // A link to something outside the SVG is left alone.
    expect(byOldName('a').properties.href).toBe('#elsewhere');

    const style = byOldName('style').children.map((child) => (child.type === 'text' ? child.value : '')).join('');
    expect(style).toBe(
      `#mermaid-2-dark{font-family:var(--page-font);fill:#333;}#mermaid-2-dark .actor{stroke:#ccc;}#${idOf(marker)} path{fill:#333;}`,
    );
  });

  it('keeps the part of an id its CSS selects it by, so the theme still colours arrowheads and markers', () => {
    const svg = inlineDiagramSvg(
      [
        '<svg id="mermaid-svg"><style>#mermaid-svg [id$="-arrowhead"] path{fill:#ccc;}#mermaid-svg [id$="-barbEnd"]{fill:#ccc;}#mermaid-svg [id*="-background"]{opacity:0.5;}</style>',
        '<marker id="mermaid-svg-arrowhead"><path/></marker><marker id="mermaid-svg_stateDiagram-barbEnd"/><rect id="entity-PLAYER-background-3"/><g id="actor31"/>',
        '<path marker-end="url(#mermaid-svg-arrowhead)"/></svg>',
      ].join(''),
      options,
    );
    const ids = elements(svg).map((node) => node.properties.id).filter(Boolean);
    expect(ids).toEqual(['mermaid-2-dark', 'mermaid-2-dark-1-arrowhead', 'mermaid-2-dark-2-barbEnd', 'mermaid-2-dark-3-background', 'mermaid-2-dark-4']);
    expect(elements(svg).at(-1)!.properties.markerEnd).toBe('url(#mermaid-2-dark-1-arrowhead)');
  });

  it('declares the page’s font where the SVG names the measured one, however it is spaced or quoted, and keeps other fonts', () => {
    const svg = inlineDiagramSvg(
      [
        '<svg id="mermaid-svg"><style>#mermaid-svg{font-family:"system-ui",sans-serif;}#mermaid-svg .label{font-family: system-ui, sans-serif}#mermaid-svg .code{font-family:monospace;}</style>',
        '<text font-family="system-ui,sans-serif">A</text><text font-family="sans-serif">1</text></svg>',
      ].join(''),
      options,
    );
    const style = elements(svg).find((node) => node.tagName === 'style')!;
    expect(style.children.map((child) => (child.type === 'text' ? child.value : '')).join('')).toBe(
      '#mermaid-2-dark{font-family:var(--page-font);}#mermaid-2-dark .label{font-family: var(--page-font)}#mermaid-2-dark .code{font-family:monospace;}',
    );
    expect(elements(svg).filter((node) => node.tagName === 'text').map((node) => node.properties.fontFamily)).toEqual([undefined, 'sans-serif']);
  });

  it('gives repeated ids one new name, so references to them still land', () => {
    const svg = inlineDiagramSvg(
      '<svg id="mermaid-svg"><marker id="arrow"/><marker id="arrow"/><g id="mermaid-svg-label"/><path marker-end="url(#arrow)"/></svg>',
      options,
    );
    expect(elements(svg).map((node) => [node.tagName, node.properties.id ?? node.properties.markerEnd])).toEqual([
      ['svg', 'mermaid-2-dark'],
      ['marker', 'mermaid-2-dark-1'],
      ['marker', 'mermaid-2-dark-1'],
      ['g', 'mermaid-2-dark-2'],
      ['path', 'url(#mermaid-2-dark-1)'],
    ]);
  });

  it('leaves no positions into the SVG text, no runtime-only attributes and no copies of the site font', () => {
    const svg = inlineDiagramSvg(sequenceSvg(0, 'IconifyIdabc'), options);
    visit(svg, (node) => {
      expect(node.position).toBeUndefined();
    });
    expect(svg.properties).toMatchObject({ role: 'img', className: ['mermaid-svg', 'mermaid-dark'], style: 'max-width: 300px' });
    expect(svg.properties.ariaRoleDescription).toBeUndefined();
    for (const node of elements(svg)) {
      expect(node.properties.name).toBeUndefined();
      expect(node.properties.dataEt).toBeUndefined();
    }
    expect(elements(svg).find((node) => node.tagName === 'g' && node.properties.clipPath)!.properties.style).toBe('opacity: 0.5');
  });
});
