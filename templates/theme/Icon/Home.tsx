import { iconOf } from './glyphs.js';

/** `@theme/Icon/Home`: a house, the first of the breadcrumbs. */
export default iconOf('Home', <path d="M4 11 12 4l8 7M6 9.5V20h4v-5h4v5h4V9.5" />, 16);
