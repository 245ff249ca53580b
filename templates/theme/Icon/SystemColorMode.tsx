import { iconOf } from './glyphs.js';

/** `@theme/Icon/SystemColorMode`: a half-filled disc, for "follow the system's colour mode". */
export default iconOf(
  'SystemColorMode',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 3a9 9 0 0 1 0 18z" fill="currentColor" />
  </>,
  24,
);
