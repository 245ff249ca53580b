/** The theme's own `TOC`: what `@theme-original/TOC` gives an override. */
export { TableOfContents as default } from '../DocParts.js';
