import { useContext } from 'react';
import { MdxComponentsContext } from './mdx-context.js';

// Markdown pages provide the map themselves: they have no MdxRoot (src/core/markdown-pages.ts).
export { MdxComponentsContext };

/**
 * MDX's provider hook (the compile's `providerImportSource`): a partial rendered inside a doc gets
 * the doc's components too, as MDXProvider gives them in Docusaurus.
 */
export function useMDXComponents(): Readonly<Record<string, unknown>> {
  return useContext(MdxComponentsContext);
}
