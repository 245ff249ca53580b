/** The theme's own `Footer`: what `@theme-original/Footer` gives an override. */
export { Footer as default } from '../Footer.js';
