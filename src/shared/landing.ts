/** What the default landing page shows, worked out at build time from the config and the site. */
export interface LandingData {
  /** The docs' main doc: the "Get started" button. */
  docsLink?: string;
  /** The API reference's root, when the site has one: the "API reference" button. */
  apiLink?: string;
  features: LandingFeature[];
  /** A code sample as highlighted HTML (a code block, like those of docs). */
  snippet?: { title?: string; html: string };
  /** The top level of the docs sidebar, then the API reference. */
  quickLinks: { label: string; to: string }[];
}

export interface LandingFeature {
  title: string;
  description: string;
  /** A route of the site. */
  to?: string;
  /** Another site's URL. */
  href?: string;
}
