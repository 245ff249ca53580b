/**
 * Shows a diagram at its natural size in a modal `<dialog>`: Escape or the close button closes
 * it and focus returns to the button that opened it. The figure's SVGs are moved into the dialog
 * and back, not copied: a copy would repeat their ids (which their markers and labels point to).
 */
/** The dialog's texts, from the theme strings (passed in: this chunk shares no module with the main bundle). */
export interface DiagramDialogStrings {
  /** The dialog's name for a diagram of that name. */
  label(name: string): string;
  unnamed: string;
  close: string;
  closeLabel: string;
}

export function openDiagramDialog(button: HTMLButtonElement, strings: DiagramDialogStrings): void {
  const figure = button.closest<HTMLElement>('figure');
  if (!figure || figure.querySelector(':scope > svg') === null) return;
  const svgs = [...figure.querySelectorAll<SVGSVGElement>(':scope > svg')];
  const name = svgs[0].querySelector('title')?.textContent?.trim() || svgs[0].getAttribute('aria-label') || '';
  const dialog = document.createElement('dialog');
  dialog.className = 'diagram-dialog';
  dialog.setAttribute('aria-label', name ? strings.label(name) : strings.unnamed);
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'diagram-dialog-close';
  close.textContent = strings.close;
  close.setAttribute('aria-label', strings.closeLabel);
  close.addEventListener('click', () => dialog.close());
  const body = document.createElement('div');
  body.className = 'diagram-dialog-body';
  body.style.setProperty('--diagram-width', getComputedStyle(figure).getPropertyValue('--diagram-width'));
  // It scrolls when the diagram is larger than the screen: focusable, so arrow keys scroll it.
  body.tabIndex = 0;
  body.setAttribute('role', 'group');
  body.setAttribute('aria-label', dialog.getAttribute('aria-label')!);
  body.append(...svgs);
  dialog.append(close, body);
  dialog.addEventListener('close', () => {
    button.after(...svgs);
    dialog.remove();
    button.focus();
  });
  // A click on the backdrop (outside the dialog's box) closes it too.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  document.body.append(dialog);
  dialog.showModal();
  close.focus();
}
