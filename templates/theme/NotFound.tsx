/** The theme's own `NotFound`: what `@theme-original/NotFound` gives an override. */
export { NotFound as default } from '../App.js';
