/** The theme's own `SearchBar`: what `@theme-original/SearchBar` gives an override. */
export { SearchBar as default } from '../SearchBar.js';
