/** The theme's own `DocItem/Footer`: what `@theme-original/DocItem/Footer` gives an override. */
export { DocItemFooter as default } from '../../DocParts.js';
