import { readFile } from 'node:fs/promises';
import type { MdxPartialCompiler, MdxPartialOutcome } from '../../core/compiled-doc.js';
import type { Site } from '../../core/site.js';
import { createMarkdownProcessor } from '../markdown.js';
import { admonitionOptionsOf } from '../plugins/remark-admonitions.js';
import type { ParseContext } from '../parse-task.js';
import { overriddenThemeBlocks } from '../plugins/rehype-theme-blocks.js';
import { compileMdxDoc } from './compile-mdx.js';
import { siteMarkdownPlugins } from '../markdown-plugins.js';

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
  const compile = async (file: string): Promise<MdxPartialOutcome> => {
    const raw = await readFile(file, 'utf8');
    const outcome = await compileMdxDoc((processor ??= createMarkdownProcessor({ admonitions: context.admonitions, sitePlugins: context.sitePlugins })), { file, raw, route: site.config.baseUrl, title: '' }, context);
    if (outcome.error || !outcome.compiled?.mdx) return { error: outcome.error ?? { message: 'MDX: the partial compiled to nothing.' } };
    for (const message of outcome.compiled.messages ?? []) site.diagnostics.push({ ...message, file });
    return { code: outcome.compiled.mdx.code };
  };
  const compiler: MdxPartialCompiler = (file) => {
    let outcome = outcomes.get(file);
    if (!outcome) outcomes.set(file, (outcome = compile(file)));
    return outcome;
  };
  site.compileMdxPartial = compiler;
  return compiler;
}
