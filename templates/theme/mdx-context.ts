import { createContext } from 'react';

/**
 * The HTML each prerendered mermaid figure of an MDX doc shows, by its index on the page: the
 * figure the doc compiler made at build time, the figure already in the page when the
 * browser hydrates, so the SVG is never rendered twice nor dropped.
 */
export const DiagramFiguresContext = createContext<ReadonlyMap<number, string> | undefined>(undefined);

/**
 * The element overrides and provided components of MDX content (`admonition-title`, `table`,
 * `Details`, …), for every MDX module the page renders: a doc and the partials it imports, which
 * MDX's compiled code asks for them through {@link useMDXComponents}.
 */
export const MdxComponentsContext = createContext<Readonly<Record<string, unknown>>>({});
