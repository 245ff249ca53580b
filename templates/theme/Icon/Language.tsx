import { iconOf } from './glyphs.js';

/** `@theme/Icon/Language`: a globe, before the language menu. */
export default iconOf(
  'Language',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18m0-18a14 14 0 0 0 0 18" />
  </>,
  20,
);
