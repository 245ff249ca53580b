import { createDocCompiler } from './parse-doc.js';
import { loadSiteMarkdownPlugins, type SiteMarkdownPlugins } from './markdown-plugins.js';
import type { ParseContext, ParseOutcome, ParseTask } from './parse-task.js';

/** What a compiling thread is started with: plain data, so it can be a worker's `workerData`. */
export interface CompileSetup {
  docsDir: string;
  siteDir: string;
  baseUrl: string;
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
  const compiler =
    setup.sitePluginsKey === undefined
      ? Promise.resolve(createDocCompiler(context))
      : (sitePlugins ? Promise.resolve(sitePlugins) : loadSiteMarkdownPlugins(setup.siteDir)).then((plugins) => createDocCompiler({ ...context, sitePlugins: plugins }));
  return async (task) => (await compiler)(task);
}

/** The parse context a setup describes. */
export function contextOf(setup: CompileSetup): ParseContext {
  return {
    docsDir: setup.docsDir,
    siteDir: setup.siteDir,
    baseUrl: setup.baseUrl,
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
