import type { ImgHTMLAttributes } from 'react';
import useBaseUrl from './docusaurus/useBaseUrl.js';

export interface ThemedImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  sources: { light: string; dark: string };
}

function ThemedSource({ mode, src, className, ...props }: ImgHTMLAttributes<HTMLImageElement> & { mode: 'light' | 'dark' }) {
  return <img {...props} src={useBaseUrl(src ?? '')} className={[className, 'themed-image', `themed-image-${mode}`].filter(Boolean).join(' ')} />;
}

/**
 * `@theme/ThemedImage`: one image per colour mode, both in the page and switched by CSS, so the
 * prerendered page shows the right one before any script runs.
 */
export default function ThemedImage({ sources, ...props }: ThemedImageProps) {
  return (
    <>
      <ThemedSource {...props} mode="light" src={sources.light} />
      <ThemedSource {...props} mode="dark" src={sources.dark} />
    </>
  );
}
