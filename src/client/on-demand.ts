import { routeRenderedEvent } from '../shared/client-data.js';
import { formatThemeString } from '../shared/theme-strings.js';

/**
 * Page features that only some pages need load when a page has something for them, so that the
 * first load of every page does not carry them: scrollable tables and full-size diagrams when the
 * page shows one, the API popovers when the reader first points at or focuses a linked name.
 */
export function installOnDemandFeatures(): void {
  let wideContent: Promise<void> | undefined;
  const loadWideContentIfNeeded = () => {
    if (wideContent || !document.querySelector('.markdown .table-wrapper, .diagram-full-size-button')) return;
    wideContent = import('./wide-content.js').then(
      (module) =>
        module.installWideContent({
          routeRenderedEvent,
          strings: {
            scrollableTable: (columns) => formatThemeString('scrollableTable', { columns }),
            diagramDialogLabel: (name) => formatThemeString('diagramDialogLabel', { name }),
            diagramOpenFullSize: formatThemeString('diagramOpenFullSize'),
            close: formatThemeString('close'),
            diagramDialogClose: formatThemeString('diagramDialogClose'),
          },
        }),
      (error: unknown) => console.error('sdkdocs: scrollable tables and diagrams could not be set up.', error),
    );
  };
  window.addEventListener(routeRenderedEvent, loadWideContentIfNeeded);
  loadWideContentIfNeeded();

  let apiCards: Promise<void> | undefined;
  const loadApiCardsOnFirstUse = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a.api-code-link[aria-describedby]') : null;
    if (apiCards || !link) return;
    apiCards = import('./api-cards.js').then(
      (module) => {
        module.installApiCards();
        // The event that asked for the popover came before its listeners: it is told again.
        if (link.matches(':hover')) link.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
        else if (link === document.activeElement) link.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      },
      (error: unknown) => console.error('sdkdocs: the API popovers could not be loaded.', error),
    );
  };
  document.addEventListener('mouseover', loadApiCardsOnFirstUse);
  document.addEventListener('focusin', loadApiCardsOnFirstUse);
}
