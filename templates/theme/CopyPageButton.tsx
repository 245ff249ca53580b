/** The theme's own `CopyPageButton`: what `@theme-original/CopyPageButton` gives an override. */
export { CopyPageButton as default } from '../CopyPageButton.js';
