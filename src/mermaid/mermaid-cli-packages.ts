import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The browser files mermaid-cli's `renderMermaid` loads into its page, taken from the packages
 * mermaid-cli itself depends on: rendering with them gives mermaid-cli's output and version.
 */
export interface MermaidCliFiles {
  /** mermaid's ESM bundle; it imports its diagram chunks from the same folder on first use. */
  mermaid: string;
  /** The ELK layouts (`layout: elk`, `flowchart-elk`). */
  elkLayouts: string;
  /** The ZenUML diagram type (`zenuml`). */
  zenuml: string;
  /** The tidy-tree layout, an optional dependency of mermaid-cli. */
  tidyTreeLayout?: string;
  /** Icon and math stylesheets: labels with `fa:` icons or KaTeX are measured with their fonts. */
  stylesheets: string[];
  /** Folders the page may load files from: each package above, fonts included. */
  packageDirs: string[];
}

const require = createRequire(import.meta.url);
let cliEntry: string | undefined;

/**
 * The folder of `name` as Node would find it from mermaid-cli's entry: the nearest
 * `node_modules/<name>`. Package `exports` are ignored on purpose, since the files go to a
 * browser, not to `require`, and some of these packages export only an `import` entry.
 */
export function mermaidCliPackageDir(name: string): string | undefined {
  cliEntry ??= require.resolve('@mermaid-js/mermaid-cli');
  if (name === '@mermaid-js/mermaid-cli') return packageRootOf(cliEntry, name);
  for (let dir = path.dirname(cliEntry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
  }
  return undefined;
}

/** The installed version of mermaid-cli or of a package it renders with. */
export function versionOf(name: string): string {
  const dir = mermaidCliPackageDir(name);
  const version = dir && (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: string }).version;
  if (!version) throw new Error(`sdkdocs: cannot find the version of ${name}`);
  return version;
}

let files: MermaidCliFiles | undefined;

/** Where the files of {@link MermaidCliFiles} are; throws when mermaid-cli's dependencies are missing. */
export function mermaidCliFiles(): MermaidCliFiles {
  files ??= (() => {
    const packageDirs: string[] = [];
    const fileIn = (name: string, file: string, optional = false) => {
      const dir = mermaidCliPackageDir(name);
      const found = dir && path.join(dir, file);
      if (!found || !existsSync(found)) {
        if (optional) return undefined;
        throw new Error(`sdkdocs: ${name}/${file}, which mermaid-cli renders with, is not installed. Reinstall sdkdocs' dependencies (npm install).`);
      }
      if (!packageDirs.includes(dir)) packageDirs.push(dir);
      return found;
    };
    return {
      mermaid: fileIn('mermaid', 'dist/mermaid.esm.mjs')!,
      elkLayouts: fileIn('@mermaid-js/layout-elk', 'dist/mermaid-layout-elk.esm.mjs')!,
      zenuml: fileIn('@mermaid-js/mermaid-zenuml', 'dist/mermaid-zenuml.esm.mjs')!,
      tidyTreeLayout: fileIn('@mermaid-js/layout-tidy-tree', 'dist/mermaid-layout-tidy-tree.esm.mjs', true),
      // The same stylesheets, in the same order, as mermaid-cli's `cssImports`.
      stylesheets: [
        fileIn('@fortawesome/fontawesome-free', 'css/brands.css')!,
        fileIn('@fortawesome/fontawesome-free', 'css/regular.css')!,
        fileIn('@fortawesome/fontawesome-free', 'css/solid.css')!,
        fileIn('@fortawesome/fontawesome-free', 'css/fontawesome.css')!,
        fileIn('katex', 'dist/katex.css')!,
      ],
      packageDirs,
    };
  })();
  return files;
}

/** mermaid-cli's own page, whose `#container` it renders into. */
export function mermaidCliPage(): string {
  return path.join(mermaidCliPackageDir('@mermaid-js/mermaid-cli')!, 'dist', 'index.html');
}

function packageRootOf(file: string, name: string): string | undefined {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      if ((JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string }).name === name) return dir;
    } catch {
      // no package.json at this level; keep climbing
    }
  }
  return undefined;
}
