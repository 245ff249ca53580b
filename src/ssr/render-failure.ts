import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { SiteCodeStopped } from '../core/site-code.js';
import { loadedOverridesCodeAt } from './theme-host.js';

/*
 * A component that throws while a page is rendered (a theme override, a custom page, a component
 * they use) is the site's error, not sdkdocs': it is reported at the site's file that threw, once
 * for all the pages it broke.
 */

/** What a failed page render is reported with; pages that failed the same way are one diagnostic. */
export interface RenderFailure {
  route: string;
  message: string;
  /** The site file the failing frame is in, when the stack tells (theme overrides are compiled into one data: module). */
  file?: string;
  /** What to do, when it differs from a thrown error's (site code stopped for its time). */
  hint?: string;
}

/** Reads the failing site file from an error's stack, where it can. */
export function renderFailureOf(error: unknown, route: string, siteDir: string, pageFile?: string): RenderFailure {
  if (error instanceof SiteCodeStopped) {
    // A stopped loop has no useful stack: the page's own file, or the theme overrides, ran it.
    return { route, message: `the page's code was stopped: ${error.message}.`, file: pageFile, hint: error.hint };
  }
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  return { route, message, file: overrideFileOfStack(stack, siteDir) ?? pageFile };
}

/** The line esbuild writes above each source file's part of a bundle: `// src/theme/Footer.tsx`. */
const bundledFileMarker = /^\/\/ (.+\.[cm]?[jt]sx?)$/;

/**
 * The theme overrides run from one bundled module, in which esbuild marks each file's part with a
 * `// src/theme/Footer.tsx` line: the part above the failing line is the file.
 */
function overrideFileOfStack(stack: string, siteDir: string): string | undefined {
  for (const frame of stack.split('\n').slice(1, 12)) {
    const match = /(file:\/\/\S+?\.mjs):(\d+):\d+/.exec(frame);
    const code = match ? loadedOverridesCodeAt(match[1]) : undefined;
    if (!match || code === undefined) continue;
    const lines = code.split('\n').slice(0, Number(match[2]));
    for (let index = lines.length - 1; index >= 0; index--) {
      const marked = bundledFileMarker.exec(lines[index]);
      if (!marked) continue;
      for (const candidate of [path.resolve(siteDir, marked[1]), path.resolve(marked[1])]) if (existsSync(candidate)) return candidate;
      break;
    }
  }
  return undefined;
}

/**
 * Theme overrides stopped for their time while rendering a page: a stopped loop leaves no stack,
 * so the override files are read from the markers esbuild writes into their bundle (`code`), and
 * a single one is blamed by name.
 */
export function stoppedOverridesFailure(stopped: SiteCodeStopped, route: string, code: string, siteDir: string): RenderFailure {
  const files = code
    .split('\n')
    .map((line) => bundledFileMarker.exec(line)?.[1])
    .filter((file): file is string => file !== undefined && !file.includes('node_modules'));
  const named = [...new Set(files)];
  const resolved = named.length === 1 ? path.resolve(siteDir, named[0]!) : undefined;
  return {
    route,
    message: `the site's theme override${named.length === 1 ? '' : 's'} ${named.length > 0 ? named.join(', ') : '(src/theme)'} ${named.length === 1 ? 'was' : 'were'} stopped: ${stopped.message}.`,
    file: resolved && existsSync(resolved) ? resolved : undefined,
    hint: stopped.hint,
  };
}

/** One diagnostic per file and message, naming how many pages failed and the first of them. */
export function renderFailureDiagnostics(failures: readonly RenderFailure[]): Diagnostic[] {
  const grouped = new Map<string, RenderFailure[]>();
  for (const failure of failures) {
    const key = `${failure.file ?? ''}\n${failure.message}`;
    grouped.set(key, [...(grouped.get(key) ?? []), failure]);
  }
  return [...grouped.values()].map((group) => ({
    severity: 'error',
    code: 'render',
    message: `Rendering ${group.length === 1 ? `the page ${group[0].route}` : `${group.length} pages (the first ${group[0].route})`} failed: ${group[0].message}`,
    file: group[0].file,
    hint: group[0].hint ?? 'A component threw while the page was rendered at build time. Fix it, or guard code that needs the browser (window, document) with useEffect or <BrowserOnly>.',
  }));
}

/** A page whose render threw: the site's error, carried to where the build reports it. */
export class PageRenderError extends Error {
  constructor(readonly failure: RenderFailure) {
    super(failure.message);
    this.name = 'PageRenderError';
  }
}
