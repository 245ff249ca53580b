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
 * Ends a "Copy page as Markdown" click: when the clipboard write started during the click failed
 * (no async clipboard, no ClipboardItem, permission refused), the text is copied the older way;
 * the live region beside the button then says whether the page was copied.
 */
export async function finishPageCopy(
  button: HTMLButtonElement,
  markdown: Promise<string>,
  written: Promise<void>,
  messages: { copied: string; failed: string },
): Promise<void> {
  let copied = true;
  try {
    await written;
  } catch {
    try {
      await writeClipboard(await markdown);
    } catch {
      copied = false;
    }
  }
  const status = button.nextElementSibling;
  if (!status) return;
  status.textContent = copied ? messages.copied : messages.failed;
  button.classList.toggle('copy-page-button-copied', copied);
  setTimeout(() => {
    status.textContent = '';
    button.classList.remove('copy-page-button-copied');
  }, copiedFor);
}

/** Copies the code of the block a copy button belongs to, and shows `copiedLabel` on the button for a while. */
export async function copyCodeBlock(button: HTMLButtonElement, copiedLabel: string): Promise<void> {
  const code = button.closest('.code-block-content')?.querySelector('pre code, pre');
  if (!code) return;
  await writeClipboard(code.textContent ?? '');
  const label = button.textContent;
  button.textContent = copiedLabel;
  button.classList.add('code-copy-button-copied');
  setTimeout(() => {
    button.textContent = label;
    button.classList.remove('code-copy-button-copied');
  }, copiedFor);
}
