/**
 * Components every MDX doc may use without importing them, as Docusaurus' MDXComponents provides
 * `Details` and `Head` (which `<head>` becomes); `SdkdocsDiagram` stands for a prerendered mermaid figure.
 */
export const providedMdxComponents = ['Details', 'Head', 'SdkdocsDiagram'] as const;
