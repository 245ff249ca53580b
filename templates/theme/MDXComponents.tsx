import type { ComponentType } from 'react';
import { markdownComponents } from '../markdown-components.js';
import Details from './Details.js';
import Head from './docusaurus/Head.js';

/**
 * `@theme/MDXComponents`: the components every MDX doc gets without importing them (the theme's
 * elements, `Details`, `Head`). A site's `src/theme/MDXComponents.js` replaces the map for all its
 * docs; it usually spreads this one (`@theme-original/MDXComponents`) and adds its own, as in
 * Docusaurus.
 */
const MDXComponents: Record<string, ComponentType<any>> = { ...markdownComponents, Details, Head };

export default MDXComponents;
