import { hydrateRoot, type Root } from 'react-dom/client';
import type { ThemeRuntime } from '../../templates/context.js';
import { MdxRoot, mdxContentAttribute, mdxIdentifierPrefix, type MdxContentComponent } from '../../templates/theme/MdxRoot.js';
import type { RouteData, SidebarItem, SiteData } from '../shared/types.js';
import { loadMdxModule } from './mdx-module.js';

/**
 * Hydrates an MDX doc's content: the page (or the route's HTML, after a client-side navigation)
 * already shows it, rendered at build time inside `[data-mdx-content]`; this makes it a React
 * root of its own, rendered by the doc's module with the same props, so its components respond.
 * The route's HTML around it stays what the app shell rendered. Mermaid figures are handed over
 * as they are in the page, not rendered again.
 */
/** Set on the content element once its components respond (tests wait for it). */
export const mdxHydratedAttribute = 'data-mdx-hydrated';

export function hydrateMdxContent(container: HTMLElement, { route, sidebars }: { route: RouteData; sidebars: Record<string, SidebarItem[]> }, site: SiteData, runtime: ThemeRuntime): () => void {
  const element = container.querySelector<HTMLElement>(`[${mdxContentAttribute}]`);
  if (!element || !route.mdxModule) return () => undefined;
  const figures = new Map<number, string>();
  for (const figure of element.querySelectorAll<HTMLElement>('[data-diagram-index]')) figures.set(Number(figure.dataset.diagramIndex), figure.innerHTML);
  let root: Root | undefined;
  let cancelled = false;
  loadMdxModule(route.mdxModule).then(
    (module) => {
      if (cancelled) return;
      const content = (module as { default: MdxContentComponent }).default;
      root = hydrateRoot(element, <MdxRoot content={content} site={site} route={route} runtime={runtime} figures={figures} sidebars={sidebars} onHydrated={() => element.setAttribute(mdxHydratedAttribute, '')} />, {
        identifierPrefix: mdxIdentifierPrefix,
      });
    },
    // The prerendered content stays, without its interactivity.
    (error: unknown) => console.error(`sdkdocs: the MDX module of ${route.path} could not be loaded.`, error),
  );
  return () => {
    cancelled = true;
    const hydrated = root;
    // Unmounting from inside the app's own commit would be a synchronous unmount during a render.
    if (hydrated) setTimeout(() => hydrated.unmount(), 0);
  };
}
