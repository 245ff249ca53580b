/**
 * A page's title in the browser's tab and in search results: the page's, then the site's, between
 * the config's `titleDelimiter` (Docusaurus' `{page} | {site}` by default).
 */
export function documentTitleOf(title: string, siteTitle: string, delimiter = '|'): string {
  return `${title} ${delimiter} ${siteTitle}`;
}
