import { formatThemeString } from '../shared/theme-strings.js';

/**
 * Makes the copy buttons of code blocks work (rendered at build time inside the content HTML,
 * hidden by CSS until `html.js`): one delegated listener; the copying code loads on first use.
 */
export function installCopyButtons(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('button.code-copy-button[data-copy]');
    if (button instanceof HTMLButtonElement) void import('./clipboard.js').then((module) => module.copyCodeBlock(button, formatThemeString('copied')));
  });
}
