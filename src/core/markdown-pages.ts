import path from 'node:path';
import type * as esbuild from 'esbuild';

/*
 * Markdown pages (`src/pages/*.md`, `*.mdx`), as Docusaurus builds them: the compiled content in
 * Docusaurus' page frame (a fluid container, one column of `markdown`), a page of its own. The
 * page's module is a small wrapper made here around the compiled file, the same in the build's
 * render and in the browser bundle.
 */

const markdownPageNamespace = 'sdkdocs-markdown-page';
const markdownPageSuffix = '?markdown-page';

/** A markdown page file of the pages folder. */
export const markdownPageFile = /\.mdx?$/i;

/** What a bundler imports for a page file: the wrapper for markdown, the file itself for React. */
export function pageModuleSpecifier(file: string): string {
  return markdownPageFile.test(file) ? `${file}${markdownPageSuffix}` : file;
}

/**
 * The page file an entry point of the pages bundle stands for (esbuild names the wrapper's entry
 * by its namespace, and a file relative to the bundle's working folder `workingDir`).
 */
export function pageFileOfEntry(entryPoint: string, workingDir: string): string {
  const file = entryPoint.startsWith(`${markdownPageNamespace}:`) ? entryPoint.slice(markdownPageNamespace.length + 1) : entryPoint;
  return path.resolve(workingDir, file);
}

/** Resolves `page.md?markdown-page` to its wrapper; the `.md` itself is compiled by the markdown import loader. */
export function markdownPagesPlugin(): esbuild.Plugin {
  return {
    name: 'sdkdocs-markdown-pages',
    setup(build) {
      build.onResolve({ filter: /\?markdown-page$/ }, (args) => ({
        path: path.resolve(args.resolveDir, args.path.slice(0, -markdownPageSuffix.length)),
        namespace: markdownPageNamespace,
      }));
      build.onLoad({ filter: /.*/, namespace: markdownPageNamespace }, (args) => ({
        contents: [
          `import Content from ${JSON.stringify(args.path)};`,
          // The site's map of MDX components (src/theme/MDXComponents, else the theme's), given to
          // the page and the partials it imports, as Docusaurus' MDXPage renders inside MDXContent.
          "import MDXComponents from '@theme/MDXComponents';",
          "import { MdxComponentsContext } from 'sdkdocs:mdx-provider';",
          'export default function MarkdownPage() {',
          '  return <main className="container container--fluid margin-vert--lg"><div className="row" style={{ justifyContent: "center" }}><div className="col col--8 markdown"><MdxComponentsContext.Provider value={MDXComponents}><Content /></MdxComponentsContext.Provider></div></div></main>;',
          '}',
        ].join('\n'),
        resolveDir: path.dirname(args.path),
        loader: 'jsx',
      }));
    },
  };
}
