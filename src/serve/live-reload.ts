import type http from 'node:http';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { catalogueReference } from '../core/error-catalogue.js';
import { packageRoot } from '../core/package-root.js';
import type { Diagnostic } from '../core/diagnostic.js';
import {
  liveReloadEvents,
  liveReloadEventsPath,
  liveReloadScriptData,
  liveReloadScriptPath,
  type BuildErrorMessage,
  type HelloMessage,
  type OverlayDiagnostic,
  type ReloadMessage,
} from '../shared/live-reload.js';
import { normalizeRoute } from '../shared/paths.js';
import type { HtmlTransform } from './static-server.js';

/** The server side of live reload: the event stream, the script, and the tag that loads it. */
export interface LiveReload {
  /** Answers the event stream and the script; false for any other request. */
  handle(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  /** Adds the script to each HTML page, telling it which file and build it came from. */
  htmlTransform: HtmlTransform;
  /**
   * Tells pages that a build wrote these output files (relative to the site root folder), and
   * which warnings it had: pages list them in a panel the writer can dismiss.
   */
  filesChanged(files: string[], options?: { all?: boolean; warnings?: OverlayDiagnostic[] }): void;
  /** Shows the build's errors on every open page until the next good build. */
  buildFailed(diagnostics: Diagnostic[], siteDir: string): void;
  /** Open event streams. */
  readonly clients: number;
  close(): void;
}

/** After this many changed pages a reload message just says "all". */
const maxListedPaths = 200;
/** Comments keep idle streams open through proxies and tell the browser the server is alive. */
const keepAliveMs = 30_000;

/**
 * Bundles the browser script (src/client/live-reload.ts) on its own, apart from the theme's
 * client bundle. `baseUrl` is asked each time: a config change may move the site.
 */
export async function createLiveReload(baseUrl: () => string): Promise<LiveReload> {
  const bundled = await esbuild.build({
    entryPoints: [path.join(packageRoot(), 'src', 'client', 'live-reload.ts')],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  });
  const script = bundled.outputFiles[0].contents;
  const streams = new Set<http.ServerResponse>();
  let version = 0;
  let failure: BuildErrorMessage | undefined;
  let warnings: OverlayDiagnostic[] = [];

  const broadcast = (event: string, data: unknown) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const stream of streams) stream.write(frame);
  };
  const keepAlive = setInterval(() => {
    for (const stream of streams) stream.write(': keep-alive\n\n');
  }, keepAliveMs);
  keepAlive.unref();

  return {
    handle(req, res) {
      const pathname = (req.url ?? '').split('?')[0];
      if (pathname === liveReloadScriptPath) {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache', 'Content-Length': script.length });
        res.end(req.method === 'HEAD' ? undefined : script);
        return true;
      }
      if (pathname !== liveReloadEventsPath) return false;
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
      // Reconnect quickly when the server restarts.
      res.write('retry: 500\n\n');
      const hello: HelloMessage = { version, error: failure, warnings };
      res.write(`event: ${liveReloadEvents.hello}\ndata: ${JSON.stringify(hello)}\n\n`);
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return true;
    },
    htmlTransform: {
      get version() {
        return String(version);
      },
      apply(html, relativePath) {
        const attributes = [
          `src="${liveReloadScriptPath}"`,
          `${liveReloadScriptData.version}="${version}"`,
          `${liveReloadScriptData.baseUrl}="${escapeAttribute(baseUrl())}"`,
          relativePath ? `${liveReloadScriptData.file}="${escapeAttribute(relativePath)}"` : '',
        ];
        return injectBeforeBodyEnd(html, `<script ${attributes.filter(Boolean).join(' ')}></script>`);
      },
    },
    filesChanged(files, { all = false, warnings: buildWarnings = [] } = {}) {
      version++;
      warnings = buildWarnings;
      const recovered = failure !== undefined;
      failure = undefined;
      const pages = files.filter((file) => file.endsWith('.html'));
      // A stylesheet, script, image or static file may show on any page; data files, the sitemap,
      // the llms files and markdown copies show on none.
      const others = files.filter((file) => !/\.(html|json|xml|txt|md)$/.test(file));
      const paths = pages.map((file) => normalizeRoute(`${baseUrl()}${file}`, baseUrl()));
      const message: ReloadMessage = {
        version,
        assets: all || others.length > 0,
        all: all || recovered || others.length > 0 || paths.length > maxListedPaths,
        paths: paths.length > maxListedPaths ? [] : paths,
        warnings,
      };
      broadcast(liveReloadEvents.reload, message);
    },
    buildFailed(diagnostics, siteDir) {
      failure = { diagnostics: overlayDiagnostics(diagnostics, 'error', siteDir) };
      broadcast(liveReloadEvents.buildError, failure);
    },
    get clients() {
      return streams.size;
    },
    close() {
      clearInterval(keepAlive);
      for (const stream of streams) stream.end();
      streams.clear();
    },
  };
}

/** The diagnostics of one severity as the page shows them, files relative to the site folder. */
export function overlayDiagnostics(diagnostics: readonly Diagnostic[], severity: Diagnostic['severity'], siteDir: string): OverlayDiagnostic[] {
  return diagnostics
    .filter((diagnostic) => diagnostic.severity === severity)
    .map((diagnostic) => ({
      message: diagnostic.message,
      file: diagnostic.file ? path.relative(siteDir, diagnostic.file) || diagnostic.file : undefined,
      line: diagnostic.line,
      column: diagnostic.column,
      hint: diagnostic.hint,
      explained: diagnostic.code ? explanationOf(diagnostic.code) : undefined,
    }));
}

function explanationOf(code: string): OverlayDiagnostic['explained'] {
  const reference = catalogueReference(code);
  return /^https?:/.test(reference) ? { code, url: reference } : { code, command: reference };
}

/** Adds the tag before `</body>` (the DOM is there to restore the scroll position), or at the end of a page without one. */
function injectBeforeBodyEnd(html: string, tag: string): string {
  const end = html.lastIndexOf('</body>');
  return end === -1 ? html + tag : html.slice(0, end) + tag + html.slice(end);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
