import { createContext } from 'react';

/**
 * The HTML each prerendered mermaid figure of an MDX doc shows, by its index on the page: the
 * placeholder at build time (renderDiagrams replaces it), the figure already in the page when the
 * browser hydrates, so the SVG is never rendered twice nor dropped.
 */
export const DiagramFiguresContext = createContext<ReadonlyMap<number, string> | undefined>(undefined);
