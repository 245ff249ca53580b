import { createContext, useContext } from 'react';

/**
 * `@docusaurus/useBrokenLinks`: where a page declares the links and anchors the link check should
 * know of although its first render does not show them (babeljs.io's setup page collects the
 * anchor of every tool, while it renders only the one chosen). The build's render of a custom page
 * provides a collector and counts the collected anchors as ids of the page; elsewhere (the
 * browser, docs) collecting does nothing, as in Docusaurus outside its server render.
 */
export interface BrokenLinksCollector {
  collectLink(link: string | undefined): void;
  collectAnchor(anchor: string | undefined): void;
}

const ignoring: BrokenLinksCollector = {
  collectLink() {},
  collectAnchor() {},
};

/** Provided by the build around a custom page it renders. */
export const BrokenLinksCollectorContext = createContext<BrokenLinksCollector>(ignoring);

/** The collector of the page being rendered. */
export default function useBrokenLinks(): BrokenLinksCollector {
  return useContext(BrokenLinksCollectorContext);
}
