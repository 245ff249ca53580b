import { createContext, useContext, useEffect, type ComponentPropsWithoutRef, type ComponentType } from 'react';
import type { RouteData, SidebarItem, SiteData } from '../../src/shared/types.js';
import { ThemeContext, type ThemeRuntime } from '../context.js';
import { TableOfContentsMobile } from '../DocParts.js';
import { HeadCollectorContext } from './docusaurus/Head.js';
// The site's own map (src/theme/MDXComponents) when it has one: the resolver of site imports sends this import there.
import MDXComponents from './MDXComponents.js';
// The site's own providers (src/theme/Layout/Provider) when it has them, sent here as the map is: the content is a React root of its own.
import LayoutProvider from './Layout/Provider.js';
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

/** Whether the doc's first `h1`, its title, was rendered yet: one per render of a root. */
const TitleRenderedContext = createContext<{ rendered: boolean } | undefined>(undefined);

/**
 * An MDX doc's `h1`; the first, its title, has the phone's "On this page" below it, where a
 * markdown doc has it (src/ssr/mobile-toc.ts puts it into the doc's tree). An MDX doc's content is a React root
 * of its own that nothing may be added to from outside, so the TOC is rendered inside it, the same
 * way at build time and when the browser hydrates it.
 */
function MdxTitle(props: ComponentPropsWithoutRef<'h1'>) {
  const title = useContext(TitleRenderedContext);
  const route = useContext(ThemeContext)?.route;
  const first = title !== undefined && !title.rendered;
  if (title) title.rendered = true;
  return (
    <>
      <h1 {...props} />
      {first && route ? <TableOfContentsMobile items={route.toc} inContent /> : null}
    </>
  );
}

/** Element overrides and the components every MDX doc may use without importing them; a site's own `h1` wins. */
const mdxComponents = { h1: MdxTitle, ...MDXComponents, SdkdocsDiagram };

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
  /** The page's sidebar at least, by name: `<DocCardList />` draws the category the doc is the index of from it. */
  sidebars?: Record<string, SidebarItem[]>;
}

/**
 * An MDX doc's content with what its components may read: the theme context (site, route) and the
 * diagram figures. Rendered to HTML at build time and hydrated with the same props in the browser.
 */
export function MdxRoot({ content: Content, site, route, runtime, figures, onHydrated, head, sidebars = {} }: MdxRootProps) {
  useEffect(() => onHydrated?.(), []);
  return (
    <ThemeContext.Provider value={{ site, route, sidebars, runtime }}>
      <DiagramFiguresContext.Provider value={figures}>
        <MdxComponentsContext.Provider value={mdxComponents}>
          <HeadCollectorContext.Provider value={head}>
            <TitleRenderedContext.Provider value={{ rendered: false }}>
              <LayoutProvider>
                <Content />
              </LayoutProvider>
            </TitleRenderedContext.Provider>
          </HeadCollectorContext.Provider>
        </MdxComponentsContext.Provider>
      </DiagramFiguresContext.Provider>
    </ThemeContext.Provider>
  );
}
