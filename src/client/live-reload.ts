/**
 * Live reload for `sdkdocs serve --watch`, added to every page by the server (never part of a
 * build): reloads the page when a rebuild changed it, keeping the scroll position, shows build
 * errors in an overlay until they are fixed, and the last good build's warnings in a corner panel.
 */
import {
  liveReloadEvents,
  liveReloadEventsPath,
  liveReloadScriptData,
  liveUpdateEvent,
  type BuildErrorMessage,
  type HelloMessage,
  type OverlayDiagnostic,
  type ReloadMessage,
} from '../shared/live-reload.js';
import { normalizeRoute } from '../shared/paths.js';
import { bootDataId, type BootData } from '../shared/client-data.js';
import type { Router } from './router.js';

const script = document.currentScript;
/** The build whose content is on screen: an in-place swap moves it on. */
let servedVersion = Number(script?.getAttribute(liveReloadScriptData.version));
const servedFile = script?.getAttribute(liveReloadScriptData.file) ?? undefined;
const baseUrl = script?.getAttribute(liveReloadScriptData.baseUrl) ?? '/';
const servedPathname = location.pathname;
const scrollKey = () => `sdkdocs:live-reload-scroll:${location.pathname}`;

restoreScroll();
const events = new EventSource(liveReloadEventsPath);
events.addEventListener(liveReloadEvents.hello, (event) => {
  const hello = JSON.parse((event as MessageEvent<string>).data) as HelloMessage;
  showWarnings(hello.warnings);
  if (hello.error) {
    showOverlay(hello.error);
    return;
  }
  hideOverlay();
  // A rebuild finished while this page was loading or the connection was down.
  if (Number.isFinite(servedVersion) && hello.version !== servedVersion) reloadKeepingScroll();
});
events.addEventListener(liveReloadEvents.reload, (event) => {
  const message = JSON.parse((event as MessageEvent<string>).data) as ReloadMessage;
  showWarnings(message.warnings);
  if (!message.all && !message.paths.includes(currentRoute())) {
    hideOverlay();
    servedVersion = message.version;
  } else if (message.assets || (servedFile === '404.html' && location.pathname === servedPathname)) reloadKeepingScroll();
  else void swapInPlace(message.version);
});
events.addEventListener(liveReloadEvents.buildError, (event) => {
  showOverlay(JSON.parse((event as MessageEvent<string>).data) as BuildErrorMessage);
});

/** The route on screen: client-side navigation may have left the page that was served. */
function currentRoute(): string {
  if (servedFile === '404.html' && location.pathname === servedPathname) return normalizeRoute(`${baseUrl}404.html`, baseUrl);
  return normalizeRoute(location.pathname, baseUrl);
}

/**
 * Only the page's content changed: the app takes the new HTML's content and data in place, which
 * keeps scroll, open menus and the loaded scripts, and is faster than a reload. Anything the app
 * cannot take that way (other scripts or stylesheets, another route) reloads the page.
 */
async function swapInPlace(version: number): Promise<void> {
  try {
    const response = await fetch(`${location.pathname}${location.search}`, { cache: 'no-store', credentials: 'same-origin' });
    if (!response.ok) return reloadKeepingScroll();
    const fresh = new DOMParser().parseFromString(await response.text(), 'text/html');
    const loaded = new Set(assetUrls(document));
    if (!assetUrls(fresh).every((url) => loaded.has(url))) return reloadKeepingScroll();
    const bootJson = fresh.getElementById(bootDataId)?.textContent;
    const html = fresh.querySelector('[data-route-content]')?.innerHTML;
    if (!bootJson || html === undefined) return reloadKeepingScroll();
    let taken = false;
    // The app calls this at once with its router; a page without the app (no listener) never does.
    const withRouter = (router: Router) => (taken = takeInPlace(router, JSON.parse(bootJson) as BootData, html, fresh.title));
    window.dispatchEvent(new CustomEvent(liveUpdateEvent, { detail: withRouter }));
    if (!taken) return reloadKeepingScroll();
    hideOverlay();
    servedVersion = version;
  } catch {
    reloadKeepingScroll();
  }
}

/**
 * Shows the rebuilt content and data of the route on screen in place, at the same scroll position,
 * with the theme's state (open menus, tabs) kept. A page it cannot take so (another route, a
 * custom React page, a loading or error state) is left to reload: returns false.
 */
function takeInPlace(router: Router, boot: BootData, html: string, title: string): boolean {
  const here = router.host.view();
  if (here.page || here.status || boot.route.path !== here.route.path) return false;
  router.loader.replaceFiles(boot.files);
  void router.loader.prepare(boot.route).then(
    () => {
      // The reader went elsewhere while the route's files loaded: that navigation wins.
      if (normalizeRoute(location.pathname, baseUrl) !== boot.route.path) return;
      document.title = title;
      router.host.update((view) => ({
        ...view,
        route: { ...boot.route, html },
        sidebars: { ...view.sidebars, ...boot.sidebars },
        renderId: view.renderId + 1,
        routeChanged: false,
        scroll: window.scrollY,
      }));
    },
    () => window.location.reload(),
  );
  return true;
}

/** The page's own scripts and stylesheets; this script is served anew with every page, so it does not count. */
function assetUrls(page: Document): string[] {
  return [...page.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel="stylesheet"], link[rel="modulepreload"]')]
    .map((element) => element.getAttribute('src') ?? element.getAttribute('href') ?? '')
    .filter((url) => !url.includes('/__sdkdocs/'));
}

function reloadKeepingScroll(): void {
  try {
    sessionStorage.setItem(scrollKey(), JSON.stringify([scrollX, scrollY]));
  } catch {
    // Storage may be disabled; the page still reloads, at the top.
  }
  location.reload();
}

/** Scrolls back to where the page was before a live reload; again once images and the app have loaded. */
function restoreScroll(): void {
  let saved: string | null = null;
  try {
    saved = sessionStorage.getItem(scrollKey());
    sessionStorage.removeItem(scrollKey());
  } catch {
    return;
  }
  if (!saved) return;
  const [x, y] = JSON.parse(saved) as [number, number];
  const scroll = () => window.scrollTo(x, y);
  scroll();
  if (document.readyState !== 'complete') addEventListener('load', () => requestAnimationFrame(scroll), { once: true });
}

const overlayId = '__sdkdocs-build-error';

function hideOverlay(): void {
  document.getElementById(overlayId)?.remove();
}

/** A full-window panel listing the errors as `file:line:column message hint`; its styles stay inside a shadow root. */
function showOverlay(error: BuildErrorMessage): void {
  hideOverlay();
  const host = document.createElement('div');
  host.id = overlayId;
  host.setAttribute('role', 'alertdialog');
  host.setAttribute('aria-label', 'Build error');
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = `
    :host { position: fixed; inset: 0; z-index: 2147483647; display: flex; align-items: flex-start; justify-content: center;
      padding: 8vh 16px; background: rgb(0 0 0 / 0.6); font: 14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
    .panel { max-width: 960px; width: 100%; max-height: 80vh; overflow: auto; background: #1b1b1d; color: #e3e3e3;
      border-top: 6px solid #e13238; border-radius: 6px; padding: 20px 24px; box-shadow: 0 12px 40px rgb(0 0 0 / 0.5); }
    h2 { margin: 0 0 12px; color: #ff6b6b; font-size: 16px; }
    ${diagnosticListStyle}`;
  const panel = document.createElement('div');
  panel.className = 'panel';
  const title = document.createElement('h2');
  title.textContent = error.diagnostics.length === 1 ? 'Build failed' : `Build failed with ${error.diagnostics.length} errors`;
  const note = document.createElement('p');
  note.className = 'note';
  note.textContent = 'Fix the file and save: the page reloads by itself.';
  panel.append(closeButton(hideOverlay), title, diagnosticList(error.diagnostics), note);
  root.append(style, panel);
  document.body.append(host);
}

const warningsId = '__sdkdocs-build-warnings';
/** The warnings the writer closed: the panel stays away until a build has other warnings. */
const dismissedWarningsKey = 'sdkdocs:live-reload-dismissed-warnings';

/**
 * A panel in a corner listing the last good build's warnings (broken links, anchors…), which the
 * terminal alone would hide from the one looking at the page; it covers little and closes.
 */
function showWarnings(warnings: OverlayDiagnostic[]): void {
  const signature = JSON.stringify(warnings);
  const existing = document.getElementById(warningsId);
  if (existing?.dataset.signature === signature) return;
  existing?.remove();
  if (warnings.length === 0 || readSession(dismissedWarningsKey) === signature) return;
  const host = document.createElement('div');
  host.id = warningsId;
  host.dataset.signature = signature;
  host.setAttribute('role', 'region');
  host.setAttribute('aria-label', 'Build warnings');
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = `
    :host { position: fixed; right: 12px; bottom: 12px; z-index: 2147483646; width: min(560px, calc(100vw - 24px));
      font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
    .panel { max-height: 40vh; overflow: auto; background: #1b1b1d; color: #e3e3e3; border-top: 4px solid #e6a700;
      border-radius: 6px; padding: 12px 16px; box-shadow: 0 8px 30px rgb(0 0 0 / 0.4); }
    h2 { margin: 0 0 8px; color: #ffd166; font-size: 14px; }
    ${diagnosticListStyle}`;
  const panel = document.createElement('div');
  panel.className = 'panel';
  const title = document.createElement('h2');
  title.textContent = warnings.length === 1 ? 'Build warning' : `${warnings.length} build warnings`;
  const dismiss = () => {
    writeSession(dismissedWarningsKey, signature);
    host.remove();
  };
  panel.append(closeButton(dismiss), title, diagnosticList(warnings));
  root.append(style, panel);
  document.body.append(host);
}

const diagnosticListStyle = `
    ul { margin: 0; padding: 0; list-style: none; }
    li { padding: 8px 0; border-top: 1px solid #333; white-space: pre-wrap; }
    .where { color: #7fb3ff; }
    .hint { color: #a0a0a0; display: block; margin-top: 4px; }
    .code { color: #a0a0a0; display: block; margin-top: 2px; font-size: 0.9em; }
    .code a { color: inherit; }
    .note { margin: 12px 0 0; color: #a0a0a0; }
    button { float: right; background: none; border: 1px solid #555; color: inherit; border-radius: 4px; cursor: pointer; font: inherit; }`;

function closeButton(onClose: () => void): HTMLButtonElement {
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close';
  close.addEventListener('click', onClose);
  return close;
}

/** The diagnostics as `file:line:column message` items with their hints. */
function diagnosticList(diagnostics: OverlayDiagnostic[]): HTMLUListElement {
  const list = document.createElement('ul');
  for (const diagnostic of diagnostics) {
    const item = document.createElement('li');
    if (diagnostic.file) {
      const where = document.createElement('span');
      where.className = 'where';
      where.textContent = [diagnostic.file, diagnostic.line, diagnostic.line === undefined ? undefined : diagnostic.column]
        .filter((part) => part !== undefined)
        .join(':');
      item.append(where, ' ');
    }
    item.append(diagnostic.message);
    if (diagnostic.hint) {
      const hint = document.createElement('span');
      hint.className = 'hint';
      hint.textContent = diagnostic.hint;
      item.append(hint);
    }
    if (diagnostic.explained) item.append(explanation(diagnostic.explained));
    list.append(item);
  }
  return list;
}

/** The diagnostic's `[code]`, a link to its page in the error catalogue or the command that prints it. */
function explanation({ code, url, command }: NonNullable<OverlayDiagnostic['explained']>): HTMLElement {
  const element = document.createElement('span');
  element.className = 'code';
  if (url) {
    const link = document.createElement('a');
    link.href = url;
    link.target = '_blank';
    link.rel = 'noopener';
    link.textContent = `[${code}]`;
    element.append(link);
  } else {
    element.textContent = `[${code}]`;
    element.title = `Run \`${command ?? `sdkdocs errors ${code}`}\` to see what it means and how to fix it`;
  }
  return element;
}

function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeSession(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Storage may be disabled: the panel then comes back with the next build.
  }
}
