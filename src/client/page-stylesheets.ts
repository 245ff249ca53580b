/**
 * Links one of a route's own stylesheets (those its custom page or MDX components import) unless
 * the document links it already; settles once it has loaded or failed, so that the route is shown
 * styled (or, should it fail, unstyled rather than not at all). A stylesheet stays linked after
 * the reader moves on, as in Docusaurus. The URLs are the build's own (`/assets/css/…`).
 */
export function loadStylesheet(href: string): unknown {
  return (
    document.querySelector(`link[href="${href}"]`) ||
    new Promise((settled) => {
      const link = document.head.appendChild(document.createElement('link'));
      link.onload = link.onerror = settled;
      link.rel = 'stylesheet';
      link.href = href;
    })
  );
}
