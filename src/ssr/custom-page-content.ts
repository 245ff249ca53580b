import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { LayoutProviderSlot } from '../../templates/AppWithProviders.js';
import { ThemeContext } from '../../templates/context.js';
import { createHeadCollector, HeadCollectorContext } from '../../templates/theme/docusaurus/Head.js';
import { withDocusaurusPageProps } from '../../templates/theme/docusaurus/page-props.js';
import { BrokenLinksCollectorContext, type BrokenLinksCollector } from '../../templates/theme/docusaurus/useBrokenLinks.js';
import { takePageHead } from './page-head.js';
import { runSiteCode } from '../core/site-code.js';
import { UserError } from '../core/diagnostic.js';
import { renderFailureDiagnostics, renderFailureOf } from './render-failure.js';
import type { Page, Site } from '../core/site.js';
import type { SiteData } from '../shared/types.js';

/** The site data every page carries: without the docs list, which grows with the site and the client loads on demand. */
export function pageSiteData(site: Site): SiteData {
  const { docs: _docs, ...docsVersion } = site.siteData!.docsVersion;
  return { ...site.siteData!, docsVersion };
}

const failedRenders = new WeakMap<Page, UserError>();
const collectedLinks = new WeakMap<Page, Set<string>>();

/** The links a custom page rendered through `@docusaurus/Link` (or collected itself), once its HTML is made. */
export function linksCollectedOn(page: Page): ReadonlySet<string> {
  return collectedLinks.get(page) ?? new Set();
}

/**
 * A custom React page's content, rendered once per build and kept as the page's HTML: the link
 * check reads its links and ids from it, and its document shows it as it is. Rendered the way
 * its document would render it (to hydratable HTML, inside the theme context, with the site data
 * the browser gets), so that the browser's component hydrates it.
 */
export function customPageHtml(site: Site, page: Page): string {
  if (!page.component || page.data.html) return page.data.html;
  // Several stages ask for the HTML: a page that failed (perhaps after its full time limit) fails again at once.
  const failed = failedRenders.get(page);
  if (failed) throw failed;
  const siteData = pageSiteData(site);
  // A custom page has no sidebar: its document's context holds none either.
  const context = { site: siteData, route: page.data, sidebars: {}, overrides: site.themeOverrides?.components };
  const head = createHeadCollector();
  const collectedAnchors: string[] = [];
  const links = new Set<string>();
  const brokenLinks: BrokenLinksCollector = {
    collectLink(link) {
      if (typeof link === 'string') links.add(link);
    },
    collectAnchor(anchor) {
      if (typeof anchor === 'string' && anchor !== '') collectedAnchors.push(anchor);
    },
  };
  const content = createElement(BrokenLinksCollectorContext.Provider, { value: brokenLinks }, createElement(withDocusaurusPageProps(page.component), { site: siteData }));
  const element = createElement(ThemeContext.Provider, { value: context }, createElement(LayoutProviderSlot, null, content));
  try {
    page.data.html = runSiteCode(() => renderToString(createElement(HeadCollectorContext.Provider, { value: head }, element)));
  } catch (error) {
    const failure = new UserError(renderFailureDiagnostics([renderFailureOf(error, page.route, site.config.siteDir, page.sourceFile)]));
    failedRenders.set(page, failure);
    throw failure;
  }
  takePageHead(site, page, head);
  // Anchors a page declares with useBrokenLinks() are ids of the page for the link check, as in Docusaurus.
  for (const anchor of collectedAnchors) page.anchors.add(anchor);
  collectedLinks.set(page, links);
  return page.data.html;
}
