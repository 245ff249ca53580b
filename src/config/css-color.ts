import { colord } from 'colord';

/**
 * Whether a config value is a colour the palette can be derived from: hex, `rgb()` or `hsl()`, and
 * opaque, since its contrast would depend on whatever lies behind it.
 */
export function isCssColor(value: string): boolean {
  if (!/^(#|rgba?\(|hsla?\()/i.test(value.trim())) return false;
  const color = colord(value);
  return color.isValid() && color.alpha() === 1;
}
