/** Whether a URL names a scheme (`https:`, `mailto:`) or a host (`//cdn.example.com`): then it is another site's. */
export function hasProtocol(url: string): boolean {
  return /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(url);
}

/** `@docusaurus/isInternalUrl`: a link within the site (`/docs/intro`, `./next`), not another site's. */
export default function isInternalUrl(url: string | undefined): boolean {
  return typeof url !== 'undefined' && !hasProtocol(url);
}
