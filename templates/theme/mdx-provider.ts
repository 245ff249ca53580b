import { useContext } from 'react';
import { MdxComponentsContext } from './mdx-context.js';

/**
 * MDX's provider hook (the compile's `providerImportSource`): a partial rendered inside a doc gets
 * the doc's components too, as MDXProvider gives them in Docusaurus.
 */
export function useMDXComponents(): Readonly<Record<string, unknown>> {
  return useContext(MdxComponentsContext);
}
