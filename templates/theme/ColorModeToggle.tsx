/** The theme's own `ColorModeToggle`: what `@theme-original/ColorModeToggle` gives an override. */
export { ColorModeToggle as default } from '../ColorModeToggle.js';
