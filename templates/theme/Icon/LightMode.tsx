import { iconOf, sunDrawing } from './glyphs.js';

/** `@theme/Icon/LightMode`: a sun. */
export default iconOf('LightMode', sunDrawing, 24);
