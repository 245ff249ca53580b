/** The theme's own `DocBreadcrumbs`: what `@theme-original/DocBreadcrumbs` gives an override. */
export { Breadcrumbs as default } from '../DocParts.js';
