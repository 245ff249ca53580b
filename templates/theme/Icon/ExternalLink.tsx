import { iconOf } from './glyphs.js';

/** `@theme/Icon/ExternalLink`: the arrow leaving a box that marks a link to another site. */
export default iconOf('ExternalLink', <path d="M14 4h6v6m0-6-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />, 13.5);
