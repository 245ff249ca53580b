import type { ComponentType } from 'react';
import { docusaurusToc } from '../../src/shared/docusaurus-toc.js';
import { useTheme } from '../context.js';
import type { TOCProps } from '../theme-overrides.js';
import type { TOCInlineItem } from './TOCInline.js';

/** The props Docusaurus' doc layout gives `@theme/TOC`, beside sdkdocs' `items`. */
export interface DocusaurusTOCProps extends TOCProps {
  /** The headings as a Docusaurus doc's `toc`: each one's HTML `value`, `id` and `level`. */
  toc: readonly TOCInlineItem[];
  minHeadingLevel: number;
  maxHeadingLevel: number;
  className: string;
}

/**
 * A site's own `TOC` as Docusaurus renders it: given the headings as `toc` (a swizzled TOC often
 * reads it itself rather than pass it to `TOCItems`), the site's heading levels and the desktop
 * TOC's class. Only a site that overrides the TOC loads this (the overrides modules wrap it).
 */
export function withDocusaurusTocProps(TOC: ComponentType<DocusaurusTOCProps>): ComponentType<TOCProps> {
  function TOCWithDocusaurusProps(props: TOCProps) {
    const { site } = useTheme();
    return <TOC toc={docusaurusToc(props.items)} {...site.tableOfContents} className="theme-doc-toc-desktop" {...props} />;
  }
  return TOCWithDocusaurusProps;
}
