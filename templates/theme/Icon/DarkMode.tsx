import { iconOf, moonPath } from './glyphs.js';

/** `@theme/Icon/DarkMode`: a crescent moon. */
export default iconOf('DarkMode', <path d={moonPath} />, 24, 'fill');
