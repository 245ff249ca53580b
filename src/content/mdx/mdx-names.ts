/**
 * Components every MDX doc may use without importing them, as Docusaurus' MDXComponents provides
 * `Details`; `SdkdocsDiagram` stands for a prerendered mermaid figure.
 */
export const providedMdxComponents = ['Details', 'SdkdocsDiagram'] as const;
