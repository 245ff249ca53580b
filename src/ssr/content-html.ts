import type { Element, Root } from 'hast';
import type { ReactElement } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import rehypeReact from 'rehype-react';
import { unified } from 'unified';
import { markdownComponents } from '../../templates/markdown-components.js';
import { createStaticHtmlWriter } from './static-content-html.js';
import type { HtmlPlace } from '../model/compiled-doc.js';
import { withMobileToc } from './mobile-toc.js';
import type { TocItem } from '../shared/types.js';

/** Turns hast into React elements through rehype-react, with the theme's element overrides. */
export function createHastRenderer(components: Record<string, unknown> = markdownComponents) {
  const processor = unified().use(rehypeReact, { Fragment, jsx, jsxs, components } as never);
  return (hast: Root): ReactElement => processor.stringify(hast) as unknown as ReactElement;
}

/**
 * A doc's content as the static HTML that goes into its page and route file. Runs on the parse
 * workers, so a doc's hast never has to cross to the main thread.
 */
export function createContentRenderer() {
  const toReact = createHastRenderer();
  const staticHtml = createStaticHtmlWriter((nodes) => renderToStaticMarkup(toReact({ type: 'root', children: nodes })));
  return {
    /**
     * The doc's content; a doc without an h1 gets one from its title, as in Docusaurus, and the
     * mobile outline goes below it.
     */
    docHtml(hast: Root, title: string, toc: TocItem[]): string {
      return staticHtml(withMobileToc(withTitleHeading(hast, title), toc));
    },
    /** As {@link docHtml}, with where the elements of `asked` are in it (those written without React). */
    placedDocHtml(hast: Root, title: string, toc: TocItem[], asked: ReadonlySet<Element>): { html: string; places: Map<Element, HtmlPlace> } {
      return staticHtml.placing(withMobileToc(withTitleHeading(hast, title), toc), asked);
    },
    /** Any content tree (a diagram's figure), as it would render inside a page. */
    html(hast: Root): string {
      return renderToStaticMarkup(toReact(hast));
    },
  };
}

function withTitleHeading(hast: Root, title: string): Root {
  if (!title) return hast;
  const hasH1 = hast.children.some((node) => node.type === 'element' && (node as Element).tagName === 'h1');
  if (hasH1) return hast;
  const heading: Element = { type: 'element', tagName: 'h1', properties: {}, children: [{ type: 'text', value: title }] };
  return { ...hast, children: [heading, ...hast.children] };
}
