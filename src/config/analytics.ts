import path from 'node:path';
import { packageRoot } from '../core/package-root.js';
import type { ParsedConfig } from './schema.js';

/*
 * The config's `analytics`, as the head tags and client module Docusaurus' Google plugins add:
 * gtag.js with its config calls, and a page view for each client-side navigation (the first page's
 * is sent by gtag's own `config` call); Google Tag Manager's container script.
 */

/** The client module that sends gtag page views on navigation, bundled from sdkdocs' own sources. */
const gtagPageViewsModule = () => path.join(packageRoot(), 'src', 'client', 'gtag-page-views.ts');

/**
 * What the config's `analytics` adds to every page of a build: head tags, and client modules. The
 * render and the client bundle ask for them, except in serve --watch's builds.
 */
export function analyticsAdditions(analytics: ParsedConfig['analytics']): { headTags: ParsedConfig['headTags']; clientModules: string[] } {
  const headTags: ParsedConfig['headTags'] = [];
  const clientModules: string[] = [];
  if (analytics.gtag) {
    const ids = Array.isArray(analytics.gtag.trackingID) ? analytics.gtag.trackingID : [analytics.gtag.trackingID];
    const settings = analytics.gtag.anonymizeIP ? ', { anonymize_ip: true }' : '';
    headTags.push(
      { tagName: 'link', attributes: { rel: 'preconnect', href: 'https://www.google-analytics.com' } },
      { tagName: 'link', attributes: { rel: 'preconnect', href: 'https://www.googletagmanager.com' } },
      { tagName: 'script', attributes: { async: true, src: `https://www.googletagmanager.com/gtag/js?id=${ids[0]}` } },
      {
        tagName: 'script',
        attributes: {},
        innerHTML: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());${ids.map((id) => `gtag('config','${id}'${settings});`).join('')}`,
      },
    );
    clientModules.push(gtagPageViewsModule());
  }
  if (analytics.googleTagManager) {
    const id = analytics.googleTagManager.containerId;
    // What Google's container snippet does: mark the start in the data layer, then load the container.
    headTags.push(
      { tagName: 'link', attributes: { rel: 'preconnect', href: 'https://www.googletagmanager.com' } },
      { tagName: 'script', attributes: {}, innerHTML: "window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});" },
      { tagName: 'script', attributes: { async: true, src: `https://www.googletagmanager.com/gtm.js?id=${id}` } },
    );
  }
  return { headTags, clientModules };
}
