/** The theme's own `Navbar`: what `@theme-original/Navbar` gives an override. */
export { Navbar as default } from '../Navbar.js';
