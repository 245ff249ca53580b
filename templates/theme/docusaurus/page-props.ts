import { createElement, type ComponentType } from 'react';
import type { SiteData } from '../../../src/shared/types.js';
import { docusaurusSiteConfig } from './useDocusaurusContext.js';

/*
 * Docusaurus renders a React page of src/pages with the site's config as its `config` prop (a
 * habit of Docusaurus 1 sites that moved on: Jest's landing page reads `this.props.config.title`).
 * The server and the browser wrap a page the same way, so that what hydrates is what was rendered.
 */

const wrapped = new WeakMap<ComponentType<never>, ComponentType<{ site: SiteData }>>();

/** The page component, given `config` beside the `site` sdkdocs passes. */
export function withDocusaurusPageProps<Props extends object>(page: ComponentType<Props>): ComponentType<{ site: SiteData }> {
  let withProps = wrapped.get(page as ComponentType<never>);
  if (!withProps) {
    withProps = function DocusaurusPage(props: { site: SiteData }) {
      return createElement(page as ComponentType<Record<string, unknown>>, { ...props, config: docusaurusSiteConfig(props.site) });
    };
    wrapped.set(page as ComponentType<never>, withProps);
  }
  return withProps;
}
