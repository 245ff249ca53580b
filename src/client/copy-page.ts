import { formatThemeString } from '../shared/theme-strings.js';

/**
 * Makes "Copy page as Markdown" buttons work, with one delegated listener; announcing the result
 * loads with the clipboard chunk on first use. The markdown is fetched and the clipboard written
 * while the click is handled: Safari allows a clipboard write only then, and takes the text as a
 * promise that settles later.
 */
export function installCopyPageButtons(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('button[data-copy-page]');
    if (!button) return;
    const markdown = fetch(button.dataset.copyPage!).then((response) => (response.ok ? response.text() : Promise.reject(new Error(`HTTP ${response.status}`))));
    // A constructor that throws (no ClipboardItem) rejects too, and the chunk copies another way.
    const written = new Promise<void>((resolve) => {
      resolve(navigator.clipboard.write([new ClipboardItem({ 'text/plain': markdown.then((text) => new Blob([text], { type: 'text/plain' })) })]));
    });
    void import('./clipboard.js').then((module) =>
      module.finishPageCopy(button, markdown, written, { copied: formatThemeString('copiedPageMarkdown'), failed: formatThemeString('copyPageMarkdownFailed') }),
    );
  });
}
