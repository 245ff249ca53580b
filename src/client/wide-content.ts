import { routeRenderedEvent } from '../shared/client-data.js';
import { formatThemeString } from '../shared/theme-strings.js';

/**
 * Content wider than the screen (tables, diagrams) scrolls sideways inside the page. A table
 * that scrolls becomes a named, keyboard-focusable region so that keyboard users can scroll it
 * too (WCAG 2.1.1); the "Open diagram full size" buttons of diagrams open a dialog, whose code
 * loads on first use.
 */
export function installWideContent(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('button.diagram-full-size-button');
    if (!(button instanceof HTMLButtonElement)) return;
    import('./diagram-dialog.js').then(
      (module) =>
        module.openDiagramDialog(button, {
          label: (name) => formatThemeString('diagramDialogLabel', { name }),
          unnamed: formatThemeString('diagramOpenFullSize'),
          close: formatThemeString('close'),
          closeLabel: formatThemeString('diagramDialogClose'),
        }),
      (error: unknown) => console.error('sdkdocs: the full-size diagram view could not be loaded.', error),
    );
  });
  let frame = 0;
  const schedule = () => {
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      labelScrollableTables();
    });
  };
  window.addEventListener(routeRenderedEvent, schedule);
  window.addEventListener('resize', schedule);
}

/** Marks the table wrappers that scroll (and only those) as focusable regions named after their columns. */
export function labelScrollableTables(): void {
  const used = new Set<string>();
  for (const wrapper of document.querySelectorAll<HTMLElement>('.markdown .table-wrapper')) {
    if (wrapper.scrollWidth <= wrapper.clientWidth + 1) {
      for (const name of ['tabindex', 'role', 'aria-label']) wrapper.removeAttribute(name);
      continue;
    }
    const headers = [...(wrapper.querySelector('tr')?.cells ?? [])].map((cell) => cell.textContent?.trim() ?? '').filter(Boolean);
    const base = formatThemeString('scrollableTable', { columns: headers.join(', ') || '…' });
    // Regions are landmarks: each needs a name of its own.
    let label = base;
    for (let n = 2; used.has(label); n++) label = `${base} ${n}`;
    used.add(label);
    wrapper.tabIndex = 0;
    wrapper.setAttribute('role', 'region');
    wrapper.setAttribute('aria-label', label);
  }
}
