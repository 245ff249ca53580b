/** `@theme/Admonition`: the same box a `:::type` block of markdown gives. */
export { Admonition as default } from '../Admonition.js';
