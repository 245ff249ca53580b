import { useEffect, useState } from 'react';

/**
 * `@docusaurus/useIsBrowser`: false in the prerendered page and while it hydrates (so both render
 * the same), true from then on.
 */
export default function useIsBrowser(): boolean {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => setIsBrowser(true), []);
  return isBrowser;
}
