/**
 * The protocol between `sdkdocs serve --watch` and the live-reload script in the page: server-sent
 * events on {@link liveReloadEventsPath}, each a JSON message.
 */

/** The event stream. Outside any base URL, so it never collides with a page. */
export const liveReloadEventsPath = '/__sdkdocs/events';
/** The script the server adds to every HTML page while watching. */
export const liveReloadScriptPath = '/__sdkdocs/live-reload.js';

/** Event names on the stream. */
export const liveReloadEvents = {
  /** Sent on connect: {@link HelloMessage}. */
  hello: 'hello',
  /** A build finished and wrote files: {@link ReloadMessage}. */
  reload: 'reload',
  /** A build failed: {@link BuildErrorMessage}. */
  buildError: 'build-error',
} as const;

/** A build problem as the overlay shows it; `file` is relative to the site folder. */
export interface OverlayDiagnostic {
  message: string;
  file?: string;
  line?: number;
  column?: number;
  hint?: string;
  /** Where its code is explained: the error catalogue's page, or the `sdkdocs errors` command. */
  explained?: { code: string; url?: string; command?: string };
}

export interface BuildErrorMessage {
  diagnostics: OverlayDiagnostic[];
}

export interface ReloadMessage {
  /** Counts successful builds; a page knows the version it was served at. */
  version: number;
  /** Every page reloads (assets, static files or the whole site changed, or a build error was fixed). */
  all: boolean;
  /**
   * A stylesheet, script, image or other static file changed: pages that reload do so whole. When
   * false, only page content changed, and the open page swaps its content in place.
   */
  assets: boolean;
  /** Routes whose page changed, in the form of {@link normalizeRoute} (`/sdk/docs/intro`, `/sdk/404`). */
  paths: string[];
  /** The build's warnings (broken links and anchors, …), shown in a panel the writer can close. */
  warnings: OverlayDiagnostic[];
}

/**
 * Dispatched on `window` by the live-reload script; its detail is a function the app calls with
 * its router (src/client/router.ts), which takes the newly built content in place when it can.
 * The code that does so lives in the live-reload script, which only `serve --watch` adds, so
 * that no built page carries it.
 */
export const liveUpdateEvent = 'sdkdocs:live-update';

export interface HelloMessage {
  version: number;
  /** Set while the last build failed. */
  error?: BuildErrorMessage;
  /** The warnings of the last good build. */
  warnings: OverlayDiagnostic[];
}

/** The attributes of the injected script tag that tell the script about the page it is in. */
export const liveReloadScriptData = {
  /** Build version the page was served at. */
  version: 'data-version',
  /** The output file that was served (`docs/intro/index.html`, `404.html`). */
  file: 'data-file',
  baseUrl: 'data-base-url',
} as const;
