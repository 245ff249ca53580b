import { iconOf } from './glyphs.js';

/** `@theme/Icon/Copy`: two sheets, the button that copies a code block. */
export default iconOf(
  'Copy',
  <>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </>,
  18,
);
