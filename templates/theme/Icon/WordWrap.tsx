import { iconOf } from './glyphs.js';

/** `@theme/Icon/WordWrap`: a line that wraps, the button that toggles long lines in a code block. */
export default iconOf('WordWrap', <path d="M4 6h16M4 12h13a3 3 0 0 1 0 6h-4m0 0 2-2m-2 2 2 2M4 18h5" />, 20);
