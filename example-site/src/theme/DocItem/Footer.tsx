import DocItemFooter from '@theme-original/DocItem/Footer';
import type { DocItemFooterProps } from 'sdkdocs';

/** The theme's doc footer (tags, edit link, last update), then a link for reporting what is wrong or missing. */
export default function DocItemFooterWithFeedback(props: DocItemFooterProps) {
  return (
    <>
      <DocItemFooter {...props} />
      <p className="doc-feedback">
        <a href="https://github.com/playkit/playkit-sdk/issues/new">Something wrong or missing on this page? Open an issue on GitHub</a>
      </p>
    </>
  );
}
