import { iconOf } from './glyphs.js';

/** `@theme/Icon/Menu`: three bars, the button that opens the mobile menu. */
export default iconOf('Menu', <path d="M4 6h16M4 12h16M4 18h16" />, 30);
