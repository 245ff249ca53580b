import { createDocCompiler } from './parse-doc.js';
import { loadSiteMarkdownPlugins, type SiteMarkdownPlugins } from './markdown-plugins.js';
import type { ParseContext, ParseOutcome, ParseTask } from './parse-task.js';

/** What a compiling thread is started with: plain data, so it can be a worker's `workerData`. */
export interface CompileSetup {
  docsDir: string;
  siteDir: string;
  baseUrl: string;
  trailingSlash?: boolean;
  routeByFile: [string, string][];
  mermaid: boolean;
  /** The constructs' components the site overrides; see {@link ParseContext.themeBlocks}. */
  themeBlocks?: ParseContext['themeBlocks'];
  admonitions?: ParseContext['admonitions'];
  mdxComponentNames?: ParseContext['mdxComponentNames'];
  /** Set when the site has remark or rehype plugins of its own, which a worker loads from the config itself. */
  sitePluginsKey?: string;
  /** Safe mode; see {@link ParseContext.contentDir}. */
  contentDir?: string;
}

/**
 * Compiles docs the way one thread does: in-process, and on the parse workers, for the docs the
 * engine found no current result for. Each outcome says what its compile read, which the main
 * thread's engine records with it.
 */
export function compileOnThread(
  setup: CompileSetup,
  figureOf?: ParseContext['figureOf'],
  /** The site's plugins, when this thread has the config; a worker loads them. */
  sitePlugins?: SiteMarkdownPlugins,
): (task: ParseTask) => Promise<ParseOutcome> {
  const context = { ...contextOf(setup), figureOf: setup.mermaid ? figureOf : undefined };
  if (setup.sitePluginsKey === undefined) {
    const compiler = createDocCompiler(context);
    return (task) => compiler(task);
  }
  const compiler = (sitePlugins ? Promise.resolve(sitePlugins) : loadSiteMarkdownPlugins(setup.siteDir)).then((plugins) => createDocCompiler({ ...context, sitePlugins: plugins }));
  return async (task) => failedByEscapedError(task, (await compiler)(task));
}

/** The compiles in flight on this thread while the site's plugins may run, each with what fails it. */
const compilesInFlight = new Set<(error: unknown) => void>();

/**
 * A site's plugin can let an error escape every caller: an `error` event nobody listens to (a
 * program it spawns is not installed), a throw in a timer. Node would end the process with a bare
 * stack trace; while docs compile with the site's plugins, such an error fails the docs in
 * flight instead, each reported at its file, and the build goes on to report them.
 */
function failedByEscapedError(task: ParseTask, compiled: Promise<ParseOutcome>): Promise<ParseOutcome> {
  return new Promise<ParseOutcome>((resolve, reject) => {
    const fail = (error: unknown) => resolve({ route: task.route, error: describeEscapedError(error) });
    if (compilesInFlight.size === 0) process.on('uncaughtException', failCompilesInFlight);
    compilesInFlight.add(fail);
    compiled.then(resolve, reject).finally(() => {
      compilesInFlight.delete(fail);
      if (compilesInFlight.size === 0) process.off('uncaughtException', failCompilesInFlight);
    });
  });
}

function failCompilesInFlight(error: unknown): void {
  for (const fail of [...compilesInFlight]) fail(error);
}

function describeEscapedError(error: unknown): { message: string; hint: string } {
  const { message, code, syscall, path } = (error ?? {}) as { message?: string; code?: string; syscall?: string; path?: string };
  const said = `A markdown plugin of the site failed while this doc compiled, with an error no code caught: ${message ?? String(error)}`;
  if (code === 'ENOENT' && syscall?.startsWith('spawn')) {
    return { message: said, hint: `A remark or rehype plugin of the site's config starts the program \`${path ?? syscall.slice('spawn '.length)}\`, which is not installed here: install it (or put it on PATH), or take the plugin out of the config's remarkPlugins or rehypePlugins.` };
  }
  return { message: said, hint: "The site's remark and rehype plugins run while the doc compiles; one of them let this error escape (an 'error' event with no listener, a throw in a timer or callback). Fix the plugin, or take it out of the config's remarkPlugins or rehypePlugins." };
}

/** The parse context a setup describes. */
export function contextOf(setup: CompileSetup): ParseContext {
  return {
    docsDir: setup.docsDir,
    siteDir: setup.siteDir,
    baseUrl: setup.baseUrl,
    trailingSlash: setup.trailingSlash,
    routeByFile: new Map(setup.routeByFile),
    mermaid: setup.mermaid,
    mermaidOff: !setup.mermaid,
    themeBlocks: setup.themeBlocks,
    admonitions: setup.admonitions,
    mdxComponentNames: setup.mdxComponentNames,
    sitePluginsKey: setup.sitePluginsKey,
    contentDir: setup.contentDir,
  };
}

/**
 * Docs a thread compiles side by side: enough that docs waiting for their diagrams' figures leave
 * the thread work, few enough that the syntax trees alive at once stay few.
 */
const docsSideBySide = 2;

/** Compiles a batch of docs a few at a time, outcomes in the order of the tasks. */
export async function compileBatch(compile: (task: ParseTask) => Promise<ParseOutcome>, tasks: readonly ParseTask[]): Promise<ParseOutcome[]> {
  const outcomes: ParseOutcome[] = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const index = next++;
      outcomes[index] = await compile(tasks[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(docsSideBySide, tasks.length) }, lane));
  return outcomes;
}
