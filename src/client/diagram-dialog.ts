import { formatThemeString } from '../shared/theme-strings.js';

/**
 * Shows a diagram at its natural size in a modal `<dialog>`: Escape or the close button closes
 * it and focus returns to the button that opened it. The figure's SVGs are moved into the dialog
 * and back, not copied: a copy would repeat their ids (which their markers and labels point to).
 */
export function openDiagramDialog(button: HTMLButtonElement): void {
  const figure = button.closest<HTMLElement>('figure');
  if (!figure || figure.querySelector(':scope > svg') === null) return;
  const svgs = [...figure.querySelectorAll<SVGSVGElement>(':scope > svg')];
  const name = svgs[0].querySelector('title')?.textContent?.trim() || svgs[0].getAttribute('aria-label') || '';
  const dialog = document.createElement('dialog');
  dialog.className = 'diagram-dialog';
  dialog.setAttribute('aria-label', name ? formatThemeString('diagramDialogLabel', { name }) : formatThemeString('diagramOpenFullSize'));
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'diagram-dialog-close';
  close.textContent = formatThemeString('close');
  close.setAttribute('aria-label', formatThemeString('diagramDialogClose'));
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
    button.before(...svgs);
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
