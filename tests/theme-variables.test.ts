import { describe, expect, it } from 'vitest';
import { sentinelTheme, themeSentinelSvg } from '../src/mermaid/theme-variables.js';

/** A slice of mermaid's computed variables, as the page reads them after `initialize`. */
const modes = {
  light: { primaryColor: '#ECECFF', lineColor: '#333333', edgeLabelBackground: 'rgba(232,232,232, 0.8)', fontSize: '16px', pie12: 'hsl(0, 100%, 66%)', labelColor: 'black' },
  dark: { primaryColor: '#1f2020', lineColor: 'lightgrey', edgeLabelBackground: '#333333', fontSize: '16px', labelColor: 'calculated', packet: { blockFillColor: '#333' } },
  base: { primaryColor: '#fff4dd', nodeTextColor: '#333', fontSize: '16px' },
};

describe('sentinelTheme', () => {
  const theme = sentinelTheme(modes);
  const sentinelOf = (name: string) => theme.themeVariables[name] as string;

  it('gives each colour a sentinel of its own, keeps the rest, and unsets what only base derives', () => {
    const colours = ['primaryColor', 'lineColor', 'edgeLabelBackground', 'pie12', 'labelColor'].map(sentinelOf);
    for (const colour of colours) expect(colour).toMatch(/^#11[0-9a-f]{4}$/);
    expect(new Set(colours).size).toBe(colours.length);
    expect(theme.themeVariables.fontSize).toBe('16px');
    expect(theme.themeVariables.nodeTextColor).toBe('');
    expect(theme.themeVariables.darkMode).toBe(false);
    expect((theme.themeVariables.packet as Record<string, string>).blockFillColor).toMatch(/^#11/);
  });

  it('turns sentinels into custom properties with a value per colour mode, scoped by the root id', () => {
    const primary = sentinelOf('primaryColor');
    const line = sentinelOf('lineColor');
    const svg = [
      `<svg id="mermaid-svg"><style>#mermaid-svg .node rect{fill:${primary};}</style>`,
      `<path fill="${line}" stroke="black" style="stroke-width: 2px;"/>`,
      `<rect style="fill: rgb(17, ${parseInt(line.slice(3, 5), 16)}, ${parseInt(line.slice(5), 16)});"/></svg>`,
    ].join('');
    const themed = themeSentinelSvg(svg, theme, 'mermaid-svg')!;
    expect(themed).toContain(
      "<style>#mermaid-svg{--sdkdocs-mermaid-lineColor:#333333;--sdkdocs-mermaid-primaryColor:#ECECFF;}[data-theme='dark'] #mermaid-svg{--sdkdocs-mermaid-lineColor:lightgrey;--sdkdocs-mermaid-primaryColor:#1f2020;}",
    );
    expect(themed).toContain('#mermaid-svg .node rect{fill:var(--sdkdocs-mermaid-primaryColor);}');
    // An SVG attribute takes no var(): the colour moves into the style, ahead of what it said.
    expect(themed).toContain('<path stroke="black" style="fill:var(--sdkdocs-mermaid-lineColor);stroke-width: 2px;"/>');
    expect(themed).toContain('<rect style="fill: var(--sdkdocs-mermaid-lineColor);"/>');
  });

  it('gives a faded variable its own property, faded in both modes', () => {
    const background = sentinelOf('edgeLabelBackground');
    const [r, g, b] = [1, 3, 5].map((start) => parseInt(background.slice(start, start + 2), 16));
    const themed = themeSentinelSvg(`<svg id="s"><style>.labelBkg{background-color:rgba(${r}, ${g}, ${b}, 0.5);}</style></svg>`, theme, 's')!;
    expect(themed).toContain('--sdkdocs-mermaid-edgeLabelBackground-a50:rgba(232, 232, 232, 0.5);');
    expect(themed).toContain('--sdkdocs-mermaid-edgeLabelBackground-a50:rgba(51, 51, 51, 0.5);');
    expect(themed).toContain('.labelBkg{background-color:var(--sdkdocs-mermaid-edgeLabelBackground-a50);}');
  });

  it('gives up on a diagram that uses a colour one theme lacks', () => {
    for (const name of ['pie12', 'labelColor']) {
      expect(themeSentinelSvg(`<svg id="s"><style>.x{fill:${sentinelOf(name)};}</style></svg>`, theme, 's'), name).toBeUndefined();
    }
    expect(themeSentinelSvg('<svg id="s"><style>.x{fill:#333;}</style></svg>', theme, 's')).toBe('<svg id="s"><style>.x{fill:#333;}</style></svg>');
  });
});
