import type { AnchorHTMLAttributes, ReactNode, Ref } from 'react';
import { isExternalUrl } from '../src/shared/paths.js';

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to?: string;
  href?: string;
  children?: ReactNode;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link to a route (`to`) or another site (`href`). Internal links are plain anchors: the client
 * runtime intercepts clicks on them for client-side navigation, so pages work with JavaScript off.
 */
export function Link({ to, href, children, ...rest }: LinkProps) {
  const target = to ?? href ?? '#';
  if (href && isExternalUrl(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  return (
    <a href={target} {...rest}>
      {children}
    </a>
  );
}
