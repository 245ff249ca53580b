import { formatThemeString } from '../shared/theme-strings.js';

/** How long a copy button says `Copied`, ms. */
const copiedFor = 2000;

async function writeClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Without the async clipboard (insecure origins, old browsers) a selected textarea still copies.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

/**
 * Makes the copy buttons of code blocks work (rendered at build time, inside the content HTML,
 * hidden by CSS until `html.js`): one delegated listener copies the block's code.
 */
export function installCopyButtons(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('button.code-copy-button[data-copy]');
    if (!(button instanceof HTMLButtonElement)) return;
    const code = button.closest('.code-block-content')?.querySelector('pre code, pre');
    if (!code) return;
    void writeClipboard(code.textContent ?? '').then(() => {
      const label = button.textContent;
      button.textContent = formatThemeString('copied');
      button.classList.add('code-copy-button-copied');
      setTimeout(() => {
        button.textContent = label;
        button.classList.remove('code-copy-button-copied');
      }, copiedFor);
    });
  });
}
