import { mainContentId } from '../../templates/App.js';
import { routeRenderedEvent, routeResolvingClass, type BootData, type RouteRenderedDetail } from '../shared/client-data.js';
import { liveUpdateEvent } from '../shared/live-reload.js';
import type { RouteData, SidebarItem } from '../shared/types.js';
import { normalizeRoute } from '../shared/paths.js';
import { internalRoutePath, isModifiedClick, scrollToLocation, type RouterLocation } from './navigation.js';
import type { ProgressBar } from './progress-bar.js';
import { RouteUnavailableError, type PageComponent, type RouteLoader } from './route-loader.js';

/** A navigation slower than this shows the spinner and the progress bar (spec: lazy-loader delay). */
export const loadingDelay = 200;

export type ViewStatus = { kind: 'loading' } | { kind: 'error'; error: unknown; retry: () => void };

/** What the app shows: a route at a location, or a loading or failure state in its place. */
export interface View {
  route: RouteData;
  sidebars: Record<string, SidebarItem[]>;
  page?: PageComponent;
  location: RouterLocation;
  status?: ViewStatus;
  /** Counts rendered navigations; what follows a navigation (scroll, focus, event) runs once per change. */
  renderId: number;
  /** False when only the hash or query changed. */
  routeChanged: boolean;
  /** Scroll position to restore (back and forward) instead of going to the hash or the top. */
  scroll?: number;
}

/** How the router reads and changes the view held by the React root. */
export interface RouterHost {
  view(): View;
  update(change: (view: View) => View): void;
}

interface HistoryState {
  scroll?: number;
}

/** Whether `path` is the page of a category whose items `items` leave out. */
function omitsItemsOf(items: SidebarItem[], path: string): boolean {
  return items.some((item) => item.type === 'category' && ((item.to === path && item.itemsOmitted === true) || omitsItemsOf(item.items, path)));
}

function sidebarHasRoute(items: SidebarItem[], path: string): boolean {
  // A category's own page opens the category, so a copy without its items will not do.
  const linksHere = (item: SidebarItem) => item.to === path && !(item.type === 'category' && item.itemsOmitted);
  return items.some((item) => linksHere(item) || (item.type === 'category' && sidebarHasRoute(item.items, path)));
}

/**
 * Client-side navigation: intercepts clicks on internal links, keeps the history (back and
 * forward, clean URLs), loads each route's data on demand and hands it to the React root.
 */
export class Router {
  /** Loaded on the first slow navigation only: most never need it. */
  #progress: Promise<ProgressBar> | undefined;
  readonly #fullSidebars = new Set<string>();
  #token = 0;
  #announcer: HTMLElement | undefined;

  constructor(
    readonly host: RouterHost,
    readonly loader: RouteLoader,
    readonly boot: BootData,
  ) {}

  /** Listens for link clicks and history moves; replaces a `.html` or `/index.html` address by the clean path. */
  start(): void {
    history.scrollRestoration = 'manual';
    const { path, search, hash } = this.host.view().location;
    const clean = `${path}${search}${hash}`;
    // The 404 page keeps the address that was asked for.
    if (this.boot.route.kind !== 'notFound' && clean !== `${location.pathname}${location.search}${location.hash}`) {
      history.replaceState(history.state, '', clean);
    }
    // Served outside its base URL, the site cannot find its routes: every link loads from the server.
    if (!`${location.pathname}/`.startsWith(this.loader.baseUrl)) {
      document.documentElement.classList.remove(routeResolvingClass);
      return;
    }
    if (this.boot.route.kind === 'notFound') void this.#openCleanRoute();
    document.addEventListener('click', (event) => this.#onClick(event));
    window.addEventListener('popstate', () => {
      const state = history.state as HistoryState | null;
      void this.navigate(new URL(location.href), { pop: true, scroll: state?.scroll });
    });
    let saveTimer: ReturnType<typeof setTimeout> | undefined;
    window.addEventListener(
      'scroll',
      () => {
        clearTimeout(saveTimer);
        saveTimer = setTimeout(() => this.#saveScroll(), 150);
      },
      { passive: true },
    );
    // serve --watch's live-reload script brings the code that swaps new content in; it needs the router.
    window.addEventListener(liveUpdateEvent, (event) => (event as CustomEvent<(router: Router) => void>).detail(this));
    this.#announcer = document.createElement('div');
    this.#announcer.className = 'sr-only';
    this.#announcer.setAttribute('aria-live', 'assertive');
    this.#announcer.setAttribute('aria-atomic', 'true');
    document.body.appendChild(this.#announcer);
  }

  /**
   * The 404 page opened at `/docs/intro.html` or `/docs/intro/index.html` (a static host without
   * rewrites found no such file): when the clean route `/docs/intro` exists, it is shown in place
   * of the 404 content and takes the address, as `sdkdocs serve` does on the server.
   */
  async #openCleanRoute(): Promise<void> {
    const { path, search, hash } = this.host.view().location;
    const resolved = () => document.documentElement.classList.remove(routeResolvingClass);
    if (!/\.html$/.test(location.pathname) || path === location.pathname) return resolved();
    try {
      // Loaded first (and cached by the loader): a route that cannot load leaves the 404 page as it is.
      await this.loader.load(path);
    } catch {
      return resolved();
    }
    history.replaceState(null, '', `${path}${search}${hash}`);
    const target: RouterLocation = { path, search, hash };
    await this.#show(target);
    // The class goes once the route is in the page (afterRender); in case it never gets there:
    if (this.host.view().status) resolved();
  }

  #saveScroll(): void {
    history.replaceState({ ...(history.state as HistoryState | null), scroll: window.scrollY }, '');
  }

  #onClick(event: MouseEvent): void {
    if (event.defaultPrevented || isModifiedClick(event)) return;
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (!anchor || internalRoutePath(anchor, this.loader.baseUrl) === undefined) return;
    event.preventDefault();
    void this.navigate(new URL((anchor as HTMLAnchorElement).href));
  }

  /** Goes to an internal URL: a new history entry (unless `pop`), then the route is shown. */
  async navigate(url: URL, options: { replace?: boolean; pop?: boolean; scroll?: number } = {}): Promise<void> {
    const here = this.host.view();
    const target: RouterLocation = { path: normalizeRoute(url.pathname, this.loader.baseUrl), search: url.search, hash: url.hash };
    if (!options.pop) {
      this.#saveScroll();
      const address = `${target.path}${target.search}${target.hash}`;
      if (options.replace) history.replaceState(null, '', address);
      else history.pushState(null, '', address);
    }
    if (target.path === here.location.path && !here.status) {
      this.#token++;
      this.host.update((view) => ({ ...view, location: target, renderId: view.renderId + 1, routeChanged: false, scroll: options.scroll }));
      return;
    }
    await this.#show(target, options.scroll);
  }

  /** Loads a route and shows it; a slow load shows the spinner and progress bar, a failed one the error box. */
  async #show(target: RouterLocation, scroll?: number): Promise<void> {
    const token = ++this.#token;
    const slow = setTimeout(() => {
      if (token !== this.#token) return;
      this.#progress ??= import('./progress-bar.js').then((module) => new module.ProgressBar());
      void this.#progress.then((bar) => token === this.#token && bar.start());
      this.host.update((view) => ({ ...view, status: { kind: 'loading' } }));
    }, loadingDelay);
    // A category whose items this page's copy of the sidebar left out needs the full sidebar:
    // asked for now, beside the route, instead of after it.
    for (const [name, items] of Object.entries(this.host.view().sidebars)) {
      if (!this.#fullSidebars.has(name) && omitsItemsOf(items, target.path)) this.loader.loadSidebar(name)?.catch(() => undefined);
    }
    try {
      const { route, page } = await this.loader.load(target.path);
      const sidebars = await this.#sidebarsFor(route, this.host.view().sidebars);
      if (token !== this.#token) return;
      this.host.update((view) => ({
        route,
        page,
        sidebars,
        location: target,
        renderId: view.renderId + 1,
        routeChanged: true,
        scroll,
      }));
    } catch (error) {
      if (token !== this.#token) return;
      if (error instanceof RouteUnavailableError) {
        // Nothing here can show this route: let the server answer the address (now in the location bar).
        console.warn(`sdkdocs: ${error.message} Loading the page from the server.`);
        window.location.reload();
        return;
      }
      console.error(error);
      this.host.update((view) => ({
        ...view,
        location: target,
        status: { kind: 'error', error, retry: () => void this.#show(target) },
      }));
    } finally {
      clearTimeout(slow);
      if (token === this.#token) void this.#progress?.then((bar) => bar.done());
    }
  }

  /** The sidebars for a route: the page's copy is enough when it holds the route; else the full sidebar (loaded once). */
  async #sidebarsFor(route: RouteData, current: Record<string, SidebarItem[]>): Promise<Record<string, SidebarItem[]>> {
    const name = route.sidebar;
    if (!name) return current;
    const have = current[name];
    if (have && (this.#fullSidebars.has(name) || sidebarHasRoute(have, route.path))) return current;
    const full = await this.loader.loadSidebar(name);
    if (!full) return current;
    this.#fullSidebars.add(name);
    return { ...current, [name]: full };
  }

  /** Replaces a page's copy of a sidebar by the full one (a collapsed category was opened). */
  loadFullSidebar(name: string): void {
    if (this.#fullSidebars.has(name)) return;
    this.loader.loadSidebar(name)?.then(
      (items) => {
        this.#fullSidebars.add(name);
        this.host.update((view) => ({ ...view, sidebars: { ...view.sidebars, [name]: items } }));
      },
      (error: unknown) => console.error(`sdkdocs: the sidebar "${name}" could not be loaded.`, error),
    );
  }

  /** After a navigation is in the DOM: scroll, move focus, announce the page, tell listeners. */
  afterRender(view: View): void {
    if (view.renderId > 0) {
      // A navigation is in the page: whatever the 404 page was waiting for is decided.
      document.documentElement.classList.remove(routeResolvingClass);
      if (view.routeChanged) {
        document.body.className = `route-${view.route.kind}`;
        document.getElementById(mainContentId)?.focus({ preventScroll: true });
        if (this.#announcer) this.#announcer.textContent = document.title;
      }
      if (view.scroll !== undefined) window.scrollTo(0, view.scroll);
      else scrollToLocation(view.location.hash);
    }
    const detail: RouteRenderedDetail = { ...view.location };
    window.dispatchEvent(new CustomEvent(routeRenderedEvent, { detail }));
  }
}
