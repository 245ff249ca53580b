import { formatThemeString } from '../src/shared/theme-strings.js';

/** Props of `CopyPageButton`. */
export interface CopyPageButtonProps {
  /** The URL of the page's markdown copy (`/docs/intro.md`); none when `llmsTxt` is off. */
  href?: string;
}

/**
 * "Copy page as Markdown": copies the page's markdown copy (`markdownUrl`) to the clipboard and
 * says so in a live region (the button shows a check mark). The client's one delegated click listener does the work, so the
 * button adds no component state to hydrate; without JavaScript it is hidden, and the copy is
 * still announced in the page's head.
 */
export function CopyPageButton({ href }: CopyPageButtonProps) {
  if (!href) return null;
  return (
    <div className="copy-page">
      <button type="button" className="copy-page-button" data-copy-page={href}>
        {formatThemeString('copyPageMarkdown')}
      </button>
      <span className="copy-page-status sr-only" role="status" />
    </div>
  );
}
