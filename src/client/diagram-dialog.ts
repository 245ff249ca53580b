import { createPanZoom, zoomStep } from './diagram-pan-zoom.js';

/** The dialog's texts, from the theme strings (passed in: this chunk shares no module with the main bundle). */
export interface DiagramDialogStrings {
  /** The dialog's name for a diagram of that name. */
  label(name: string): string;
  unnamed: string;
  close: string;
  closeLabel: string;
}

/**
 * Shows a diagram in a modal `<dialog>`, fitted to the screen, to zoom and pan (buttons, keys,
 * wheel, drag and pinch: diagram-pan-zoom.ts): Escape or the close button closes it and focus
 * returns to the button that opened it. The figure's SVGs are moved into the dialog and back, not
 * copied: a copy would repeat their ids (which their markers and labels point to).
 */
export function openDiagramDialog(button: HTMLButtonElement, strings: DiagramDialogStrings): void {
  const figure = button.closest<HTMLElement>('figure');
  if (!figure || figure.querySelector(':scope > svg') === null) return;
  const svgs = [...figure.querySelectorAll<SVGSVGElement>(':scope > svg')];
  const name = svgs[0].querySelector('title')?.textContent?.trim() || svgs[0].getAttribute('aria-label') || '';
  const dialog = document.createElement('dialog');
  dialog.className = 'diagram-dialog';
  dialog.setAttribute('aria-label', name ? strings.label(name) : strings.unnamed);
  const body = document.createElement('div');
  body.className = 'diagram-dialog-body';
  const naturalWidth = getComputedStyle(figure).getPropertyValue('--diagram-width').trim();
  body.style.setProperty('--diagram-width', naturalWidth || `${svgs[0].viewBox.baseVal.width}px`);
  // Focusable, so that the keys that zoom and pan reach it.
  body.tabIndex = 0;
  body.setAttribute('role', 'group');
  body.setAttribute('aria-label', dialog.getAttribute('aria-label')!);
  const stage = document.createElement('div');
  stage.className = 'diagram-dialog-stage';
  stage.append(...svgs);
  body.append(stage);
  const panZoom = createPanZoom(body, stage);
  const toolbar = document.createElement('div');
  toolbar.className = 'diagram-dialog-toolbar';
  const zoom = button.dataset;
  toolbar.append(
    toolButton('−', zoom.zoomOut ?? '−', () => panZoom.zoomBy(1 / zoomStep)),
    toolButton('+', zoom.zoomIn ?? '+', () => panZoom.zoomBy(zoomStep)),
    toolButton(zoom.zoomFit ?? '⤢', zoom.zoomFit ?? '⤢', () => panZoom.fit()),
  );
  const close = toolButton(strings.close, strings.closeLabel, () => dialog.close());
  close.className = 'diagram-dialog-close';
  toolbar.append(close);
  dialog.append(toolbar, body);
  // A phone turned sideways, a window resized: a view the reader has not moved fits the new screen.
  const refit = () => {
    if (panZoom.fitted) panZoom.fit();
  };
  window.addEventListener('resize', refit);
  dialog.addEventListener('close', () => {
    window.removeEventListener('resize', refit);
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
  panZoom.fit();
  close.focus();
}

function toolButton(text: string, label: string, press: () => void): HTMLButtonElement {
  const tool = document.createElement('button');
  tool.type = 'button';
  tool.textContent = text;
  if (label !== text) tool.setAttribute('aria-label', label);
  tool.addEventListener('click', press);
  return tool;
}
