/**
 * What this module needs from the main chunk, handed in by its caller: a module imported here and
 * by the main chunk would move into a chunk of its own that every page then loads.
 */
export interface WideContentHost {
  /** The event the router dispatches after each route is in the page. */
  routeRenderedEvent: string;
  strings: {
    scrollableTable(columns: string): string;
    diagramDialogLabel(name: string): string;
    diagramOpenFullSize: string;
    close: string;
    diagramDialogClose: string;
  };
}

/**
 * Content wider than the screen (tables, diagrams) scrolls sideways inside the page. A table
 * that scrolls becomes a named, keyboard-focusable region so that keyboard users can scroll it
 * too (WCAG 2.1.1); the "Open diagram full size" buttons of diagrams open a dialog, whose code
 * loads on first use.
 */
export function installWideContent({ routeRenderedEvent, strings }: WideContentHost): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('button.diagram-full-size-button');
    if (!(button instanceof HTMLButtonElement)) return;
    import('./diagram-dialog.js').then(
      (module) =>
        module.openDiagramDialog(button, {
          label: strings.diagramDialogLabel,
          unnamed: strings.diagramOpenFullSize,
          close: strings.close,
          closeLabel: strings.diagramDialogClose,
        }),
      (error: unknown) => console.error('sdkdocs: the full-size diagram view could not be loaded.', error),
    );
  });
  let frame = 0;
  const schedule = () => {
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      labelScrollableTables(strings.scrollableTable);
      markScrollingDiagrams();
    });
  };
  window.addEventListener(routeRenderedEvent, schedule);
  window.addEventListener('resize', schedule);
  // Loaded on demand, after the page on screen was rendered.
  schedule();
}

/** Marks the diagram figures that scroll sideways (their diagram would be too small to read if shrunk more), for the theme's edge shades. */
function markScrollingDiagrams(): void {
  // Found by their button: the browser's scripts name nothing of mermaid (tests/mermaid.test.ts).
  for (const button of document.querySelectorAll('.markdown .diagram-full-size-button')) {
    const figure = button.parentElement!;
    figure.classList.toggle('diagram-scrolls', figure.scrollWidth > figure.clientWidth + 1);
  }
}

/** Marks the table wrappers that scroll (and only those) as focusable regions named after their columns. */
function labelScrollableTables(tableLabel: (columns: string) => string): void {
  const used = new Set<string>();
  for (const wrapper of document.querySelectorAll<HTMLElement>('.markdown .table-wrapper')) {
    if (wrapper.scrollWidth <= wrapper.clientWidth + 1) {
      for (const name of ['tabindex', 'role', 'aria-label']) wrapper.removeAttribute(name);
      continue;
    }
    const headers = [...(wrapper.querySelector('tr')?.cells ?? [])].map((cell) => cell.textContent?.trim() ?? '').filter(Boolean);
    const base = tableLabel(headers.join(', ') || '…');
    // Regions are landmarks: each needs a name of its own.
    let label = base;
    for (let n = 2; used.has(label); n++) label = `${base} ${n}`;
    used.add(label);
    wrapper.tabIndex = 0;
    wrapper.setAttribute('role', 'region');
    wrapper.setAttribute('aria-label', label);
  }
}
