import { useContext, useEffect, type ComponentType } from 'react';
import type { RouteData, SiteData } from '../../src/shared/types.js';
import { ThemeContext, type ThemeRuntime } from '../context.js';
import { HeadCollectorContext } from './docusaurus/Head.js';
// The site's own map (src/theme/MDXComponents) when it has one: the resolver of site imports sends this import there.
import MDXComponents from './MDXComponents.js';
import type { CollectedHead } from '../../src/shared/types.js';
import { DiagramFiguresContext, MdxComponentsContext } from './mdx-context.js';

/** The attribute of the element an MDX doc's content is rendered into, and hydrated from. */
export const mdxContentAttribute = 'data-mdx-content';

/** Prefix of `useId` ids inside MDX content: it is a React root of its own beside the page's. */
export const mdxIdentifierPrefix = 'mdx-';

/** What an MDX doc's compiled module exports by default. */
export type MdxContentComponent = ComponentType<{ components?: Record<string, unknown> }>;

/** A prerendered mermaid figure; see {@link DiagramFiguresContext}. */
function SdkdocsDiagram({ index }: { index: number }) {
  const figures = useContext(DiagramFiguresContext);
  return <div className="mdx-diagram" data-diagram-index={index} dangerouslySetInnerHTML={{ __html: figures?.get(index) ?? '' }} />;
}

/** Element overrides and the components every MDX doc may use without importing them. */
const mdxComponents = { ...MDXComponents, SdkdocsDiagram };

export interface MdxRootProps {
  content: MdxContentComponent;
  site: SiteData;
  route: RouteData;
  runtime?: ThemeRuntime;
  figures?: ReadonlyMap<number, string>;
  /** Called once the content is hydrated (its effects run). */
  onHydrated?: () => void;
  /** At build time: where the doc's `<head>` / `<Head>` elements are gathered. */
  head?: CollectedHead;
}

/**
 * An MDX doc's content with what its components may read: the theme context (site, route) and the
 * diagram figures. Rendered to HTML at build time and hydrated with the same props in the browser.
 */
export function MdxRoot({ content: Content, site, route, runtime, figures, onHydrated, head }: MdxRootProps) {
  useEffect(() => onHydrated?.(), []);
  return (
    <ThemeContext.Provider value={{ site, route, sidebars: {}, runtime }}>
      <DiagramFiguresContext.Provider value={figures}>
        <MdxComponentsContext.Provider value={mdxComponents}>
          <HeadCollectorContext.Provider value={head}>
            <Content />
          </HeadCollectorContext.Provider>
        </MdxComponentsContext.Provider>
      </DiagramFiguresContext.Provider>
    </ThemeContext.Provider>
  );
}
