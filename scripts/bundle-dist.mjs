#!/usr/bin/env node
// Bundles what tsc wrote under dist/ so that a command and its worker threads load a few files
// instead of about a thousand. Node 20 loads ES modules a file at a time (resolve, read, compile),
// and every worker thread starts with an empty module cache: unbundled, the parse worker imported
// about 700 modules before its first doc, and `sdkdocs build` about 1,000 before its first stage.
// Run after tsc (`npm run build`, `npm install`, scripts/setup.mjs do).
//
// - Each pool worker's entry is rewritten in place as one file. tsc writes the unbundled file
//   again on every run, so a tsc without this step leaves workers that start slower, never stale.
// - The CLI goes to dist/cli-bundle/ (code split at its dynamic imports, so that a command still
//   loads only what it runs). bin/sdkdocs.js takes it only while it is newer than tsc's
//   dist/src/cli/main.js; after a later tsc it runs the unbundled files.
import { readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The entries of the threads that runOnWorkers and the build's worker pool start, and of the jobs
 * the pool's workers import, as tsc writes them.
 */
export const workerEntries = ['dist/src/core/pool-worker.js', 'dist/src/content/parse-job.js', 'dist/src/render/render-job.js', 'dist/src/search/search-job.js', 'dist/src/links/check-pages-worker.js'];

/** The folder of the bundled CLI, and its entry. */
export const cliBundleDir = 'dist/cli-bundle';
export const cliBundleEntry = `${cliBundleDir}/main.js`;

/** What marks a bundled file, so that tests and tools can tell it from tsc's output. */
export const bundledMarker = '// sdkdocs: bundled from tsc output';

const commonOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'error',
  external: [
    // One React for the theme and for what a build imports at run time (theme overrides, MDX
    // modules and custom pages import node_modules/react): a second copy would give their hooks
    // a React that is not the one rendering.
    'react',
    'react/*',
    'react-dom',
    'react-dom/*',
    // Packages that find their own files (TypeScript's libs, TypeDoc's locales, mermaid-cli's
    // page, esbuild's binary) next to their modules, or that start processes from there.
    'typescript',
    'typedoc',
    'esbuild',
    'puppeteer',
    'puppeteer-core',
    '@mermaid-js/*',
    'chokidar',
  ],
  // Bundled CommonJS packages call require(); an ES module has none of its own.
  banner: { js: `${bundledMarker}\nimport { createRequire as __sdkdocsCreateRequire } from 'node:module';\nconst require = __sdkdocsCreateRequire(import.meta.url);` },
};

/**
 * Our modules find files next to themselves (workers, package.json, templates) through
 * import.meta.url. In a bundle that is the bundle's URL, so each module's own is written in:
 * its file under dist/, relative to the folder the bundle is written to.
 */
function ownModuleUrls(outdir) {
  return {
    name: 'sdkdocs-own-module-urls',
    setup(build) {
      build.onLoad({ filter: /[\\/]dist[\\/](src|templates)[\\/].*\.js$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        if (/[`'"][^`'"\n]*import\.meta\.url[^`'"\n]*[`'"]/.test(text)) {
          throw new Error(`${args.path} writes import.meta.url inside a string, which bundling cannot rewrite safely`);
        }
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/**
 * markdown-it 15's dist defines every class field with a `_defineProperty(this, "name", value)`
 * helper (its build's class-field transform). V8 does not optimise a constructor that calls
 * Object.defineProperty, and every Token makes eight such calls (bench/RESULTS.md, "Cold CPU:
 * where it goes"), so the bundle writes them as plain assignments. For these classes, which have
 * no accessors, both define the same own, enumerable, writable properties in the same order; a
 * dist that no longer matches the pattern is bundled as it is.
 */
function markdownItPlainFields() {
  return {
    name: 'sdkdocs-markdown-it-plain-fields',
    setup(build) {
      build.onLoad({ filter: /[\\/]node_modules[\\/]markdown-it[\\/]dist[\\/]markdown-it\.mjs$/ }, async (args) => {
        const contents = withPlainFieldAssignments(await readFile(args.path, 'utf8'));
        return { contents, loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/** Each `_defineProperty(this, /** doc *\/ "name", value);` of `code` written `this.name = value;`. */
export function withPlainFieldAssignments(code) {
  const call = /_defineProperty\(\s*this,\s*(?:\/\*[\s\S]*?\*\/\s*)?"(\w+)",\s*/g;
  let out = '';
  let done = 0;
  for (let match = call.exec(code); match; match = call.exec(code)) {
    const valueEnd = endOfArgument(code, call.lastIndex);
    const closing = /^\s*\)\s*;/.exec(code.slice(valueEnd));
    if (!closing) continue;
    out += `${code.slice(done, match.index)}this.${match[1]} = ${code.slice(call.lastIndex, valueEnd).trimEnd()};`;
    done = valueEnd + closing[0].length;
    call.lastIndex = done;
  }
  return out + code.slice(done);
}

/** Where the call argument starting at `start` ends: the first `,` or `)` outside brackets, strings and comments. */
function endOfArgument(code, start) {
  let depth = 0;
  for (let index = start; index < code.length; index++) {
    const char = code[index];
    if (char === '"' || char === "'" || char === '`') {
      for (index++; index < code.length && code[index] !== char; index++) if (code[index] === '\\') index++;
    } else if (char === '/' && code[index + 1] === '*') index = code.indexOf('*/', index + 2) + 1;
    else if (char === '/' && code[index + 1] === '/') index = code.indexOf('\n', index);
    else if (char === '(' || char === '[' || char === '{') depth++;
    else if (depth > 0 && (char === ')' || char === ']' || char === '}')) depth--;
    else if (depth === 0 && (char === ',' || char === ')')) return index;
  }
  return code.length;
}

/**
 * A bundled CommonJS module that reads __filename or __dirname (to find files beside it) would
 * fail only when that code runs: such a package must be in the externals above.
 */
function refuseModulePaths(files) {
  for (const file of files) {
    const code = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
      .join('\n');
    const use = /(?<![\w.$'"`])__(filename|dirname)\b/.exec(code);
    if (use) throw new Error(`${file} uses ${use[0]}, which an ES module bundle has not: add its package to the externals of scripts/bundle-dist.mjs`);
  }
}

/**
 * With code splitting, esbuild turns `import()` of a CommonJS module into a chunk whose only export
 * is `default` (https://github.com/evanw/esbuild/issues/3245), where Node's own loader also gives
 * the named exports: `(await import('yaml')).parse` worked from dist/src and was undefined in the
 * bundle. Such a package must be imported statically, or be in the externals above.
 */
function refuseSplitCommonJsImports(metafile) {
  for (const output of Object.values(metafile.outputs)) {
    if (output.entryPoint && metafile.inputs[output.entryPoint]?.format === 'cjs') {
      throw new Error(`${output.entryPoint} is a CommonJS module that sdkdocs imports with import(): in the split CLI bundle it would have only a default export. Import it statically, or add its package to the externals of scripts/bundle-dist.mjs`);
    }
  }
}

export async function bundleWorkers() {
  for (const entry of workerEntries) {
    const file = path.join(root, entry);
    if (readFileSync(file, 'utf8').startsWith(bundledMarker)) continue;
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      await esbuild.build({ ...commonOptions, entryPoints: [file], outfile: temporary, plugins: [ownModuleUrls(path.dirname(file)), markdownItPlainFields()] });
      refuseModulePaths([temporary]);
      renameSync(temporary, file);
    } finally {
      rmSync(temporary, { force: true });
    }
  }
}

export async function bundleCli() {
  const outdir = path.join(root, cliBundleDir);
  const staging = `${outdir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  try {
    const { metafile } = await esbuild.build({
      ...commonOptions,
      entryPoints: { main: path.join(root, 'dist/src/cli/main.js') },
      outdir: staging,
      splitting: true,
      metafile: true,
      // Chunks beside the entry: the URLs written in above are relative to this one folder.
      chunkNames: '[name]-[hash]',
      // Written for the final folder: the rename below keeps every relative URL true.
      plugins: [ownModuleUrls(outdir), markdownItPlainFields()],
    });
    refuseSplitCommonJsImports(metafile);
    refuseModulePaths(readdirSync(staging).map((name) => path.join(staging, name)));
    rmSync(outdir, { recursive: true, force: true });
    renameSync(staging, outdir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bundleWorkers();
  await bundleCli();
}
