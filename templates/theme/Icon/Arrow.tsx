import { iconOf } from './glyphs.js';

/** `@theme/Icon/Arrow`: a chevron pointing left, as on the button that folds the docs sidebar away. */
export default iconOf('Arrow', <path d="M15 6l-6 6 6 6" />, 20);
