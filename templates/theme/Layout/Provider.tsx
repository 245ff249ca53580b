import type { ReactNode } from 'react';

export interface LayoutProviderProps {
  children: ReactNode;
}

/**
 * `@theme/Layout/Provider`: the providers around a page. The theme's own contexts are set up
 * elsewhere, so the original holds nothing; a site wraps it (`<ThemeLayoutProvider><MyProvider>…`)
 * to give its components a context of its own, around the layout and each MDX doc's content.
 */
export default function LayoutProvider({ children }: LayoutProviderProps) {
  return <>{children}</>;
}
