import { iconOf } from './glyphs.js';

/** `@theme/Icon/Close`: a cross, the button that closes a panel or a bar. */
export default iconOf('Close', <path d="M6 6l12 12M18 6 6 18" />, 12);
