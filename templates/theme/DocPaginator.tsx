/** The theme's own `DocPaginator`: what `@theme-original/DocPaginator` gives an override. */
export { Pagination as default } from '../DocParts.js';
