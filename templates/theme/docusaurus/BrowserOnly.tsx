import { useEffect, useState, type ReactNode } from 'react';

/** `@docusaurus/BrowserOnly`: `fallback` in the prerendered page, `children()` once hydrated in the browser. */
export default function BrowserOnly({ children, fallback }: { children: () => ReactNode; fallback?: ReactNode }) {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  return <>{inBrowser ? children() : (fallback ?? null)}</>;
}
