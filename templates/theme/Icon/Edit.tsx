import { iconOf } from './glyphs.js';

/** `@theme/Icon/Edit`: a pencil, before "Edit this page". */
export default iconOf('Edit', <path d="M4 20h4L19 9l-4-4L4 16v4zm9.5-13.5 4 4" />, 20);
