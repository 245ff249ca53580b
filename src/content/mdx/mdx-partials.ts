import path from 'node:path';
import type { Diagnostic } from '../../core/diagnostic.js';
import { readSourceText } from '../read-source.js';
import type { MdxPartialCompiler, MdxPartialOutcome } from '../../model/compiled-doc.js';
import type { Site } from '../../core/site.js';
import { createReadBounds } from '../../core/path-bounds.js';
import { createMarkdownProcessor } from '../../markdown/processor.js';
import { admonitionOptionsOf } from '../../markdown/plugins/remark-admonitions.js';
import type { ParseContext } from '../parse-task.js';
import { overriddenThemeBlocks } from '../../markdown/plugins/rehype-theme-blocks.js';
import { compileMdxDoc } from './compile-mdx.js';
import { siteMarkdownPlugins } from '../markdown-plugins.js';
import { configSliceFingerprint } from '../../config/config-fingerprint.js';
import { compilerFingerprint } from '../../core/compiler-fingerprint.js';

/** A `.md`/`.mdx` file a partial imports, at its line. */
interface PartialImport {
  target: string;
  line: number;
  column: number;
}

/** The markdown files a partial's import lines name, resolved from its folder. */
function markdownImportsOf(raw: string, file: string): PartialImport[] {
  const imports: PartialImport[] = [];
  const lines = raw.split(/\r\n?|\n/);
  lines.forEach((text, index) => {
    const match = /^(\s*import\s[^'"]*['"])(\.{1,2}\/[^'"]+\.mdx?)['"]/.exec(text);
    if (match) imports.push({ target: path.resolve(path.dirname(file), match[2]!), line: index + 1, column: match[1]!.length + 1 });
  });
  return imports;
}

/** The imports that lead from `file` back to itself, when its partials import it again. */
function importCycleThrough(file: string, graph: ReadonlyMap<string, PartialImport[]>): { from: string; via: PartialImport }[] | undefined {
  const seen = new Set<string>();
  const walk = (current: string): { from: string; via: PartialImport }[] | undefined => {
    for (const edge of graph.get(current) ?? []) {
      if (edge.target === file) return [{ from: current, via: edge }];
      if (seen.has(edge.target)) continue;
      seen.add(edge.target);
      const rest = walk(edge.target);
      if (rest) return [{ from: current, via: edge }, ...rest];
    }
    return undefined;
  };
  return walk(file);
}

function cycleWarning(cycle: { from: string; via: PartialImport }[], siteDir: string): Diagnostic {
  const [first] = cycle;
  const chain = [first!.from, ...cycle.map((step) => step.via.target)].map((file) => path.relative(siteDir, file)).join(' → ');
  return {
    severity: 'warning',
    code: 'mdx',
    message: `MDX: these partials import each other in a circle (${chain}): if each renders the other, the page's render never ends.`,
    file: first!.from,
    line: first!.via.line,
    column: first!.via.column,
    hint: 'Break the circle: move what both need into a third partial that imports neither.',
  };
}

/**
 * What the build's {@link mdxPartialCompiler} is made of: the config it reads (the site's plugins
 * by the code they come from), the theme blocks the overrides take over and the compiler's own
 * code. A query that compiled partials with it reads it again only when this changed; the docs'
 * routes, which the compiler also reads, are an input of their own.
 */
export function mdxPartialCompilerFingerprint(site: Site): string {
  const { config } = site;
  const { beforeDefaultRemarkPlugins, remarkPlugins, beforeDefaultRehypePlugins, rehypePlugins, admonitions } = config.docs;
  const slice = {
    docsDir: config.paths.docs,
    siteDir: config.siteDir,
    baseUrl: config.baseUrl,
    mermaid: config.markdown.mermaid,
    admonitions,
    plugins: [beforeDefaultRemarkPlugins, remarkPlugins, beforeDefaultRehypePlugins, rehypePlugins],
    themeBlocks: overriddenThemeBlocks(site),
    mdxComponentNames: site.themeOverrides?.mdxComponentNames,
  };
  return configSliceFingerprint(config, slice, compilerFingerprint());
}

/**
 * Compiles the markdown files that MDX docs and components import (`import Intro from
 * './_intro.mdx'`: Docusaurus' partials) into React components, with the plugins docs get, links
 * resolved from the partial's own folder. One compiler per build: the server render and the
 * browser bundle import the same partials, which are compiled, and warned about, once: the
 * compiler is kept in `site.compileMdxPartial`, where the bundle stage finds it.
 */
export function mdxPartialCompiler(site: Site): MdxPartialCompiler {
  if (site.compileMdxPartial) return site.compileMdxPartial;
  // Most sites import no partial: the pipeline is made for the first one.
  let processor: ReturnType<typeof createMarkdownProcessor> | undefined;
  const context: ParseContext = {
    docsDir: site.config.paths.docs,
    siteDir: site.config.siteDir,
    baseUrl: site.config.baseUrl,
    trailingSlash: site.config.trailingSlash,
    routeByFile: new Map(site.docs.map((doc) => [doc.source.file, doc.route])),
    // A partial's diagrams would need a place on the page of each doc that imports it.
    mermaid: false,
    mermaidOff: !site.config.markdown.mermaid,
    themeBlocks: overriddenThemeBlocks(site),
    admonitions: admonitionOptionsOf(site.config.docs.admonitions),
    sitePlugins: siteMarkdownPlugins(site.config.docs),
    mdxComponentNames: site.themeOverrides?.mdxComponentNames,
  };
  const outcomes = new Map<string, Promise<MdxPartialOutcome>>();
  const partialImports = new Map<string, PartialImport[]>();
  const compile = async (file: string): Promise<MdxPartialOutcome> => {
    // A partial is read as a doc is: the same size limit, encoding checks and located errors.
    const { text: raw, diagnostics } = readSourceText(file);
    if (raw === undefined) {
      const [first] = diagnostics;
      return { error: { message: (first?.message ?? 'the partial cannot be read.').replace(/^This doc is/, 'This partial is'), line: first?.line, column: first?.column } };
    }
    site.diagnostics.push(...diagnostics);
    partialImports.set(file, markdownImportsOf(raw, file));
    const cycle = importCycleThrough(file, partialImports);
    if (cycle) site.diagnostics.push(cycleWarning(cycle, site.config.siteDir));
    const outcome = await compileMdxDoc((processor ??= createMarkdownProcessor({ admonitions: context.admonitions, sitePlugins: context.sitePlugins, readBounds: createReadBounds })), { file, raw, route: site.config.baseUrl, title: '' }, context);
    if (outcome.error || !outcome.compiled?.mdx) return { error: outcome.error ?? { message: 'MDX: the partial compiled to nothing.' } };
    for (const message of outcome.compiled.messages ?? []) site.diagnostics.push({ ...message, file });
    return { code: outcome.compiled.mdx.code };
  };
  const compilePartial = (file: string) => {
    let outcome = outcomes.get(file);
    if (!outcome) outcomes.set(file, (outcome = compile(file)));
    return outcome;
  };
  const compiler: MdxPartialCompiler = Object.assign(compilePartial, { fingerprint: mdxPartialCompilerFingerprint(site) });
  site.compileMdxPartial = compiler;
  return compiler;
}
