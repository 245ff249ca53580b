import { realpathSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { ThemeOverrides } from '../../templates/theme-overrides.js';
import { babelConfigFileOf } from '../core/site-babel.js';
import { mdxAssetsPlugin } from '../core/mdx-modules.js';
import { importedStylesheets, siteStylesheetsPlugin } from '../core/site-stylesheets.js';
import { asRendered, importThemeOverridesModule, themeHostKey, themeHostModules } from '../ssr/theme-host.js';
import { resolveSiteImports } from '../core/theme-imports.js';
import { renderFailureOf, stoppedOverridesFailure } from '../ssr/render-failure.js';
import { SiteCodeStopped } from '../core/site-code.js';
import { nodeRequireBanner, resolveSharedReact } from '../ssr/shared-react.js';
import { siteReadRoots, siteServerRoots } from '../core/path-bounds.js';
import { closest } from '../config/closest-name.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { BuildContext, Site, SiteThemeOverrides } from '../core/site.js';
import type { Query, QueryAsker, QueryContext, QueryEngine } from '../engine/query-engine.js';
import { configSliceFingerprint } from '../config/config-fingerprint.js';
import { hasPostcssPlugins } from '../core/site-postcss.js';
import { serverBundleSettings, siteBundleOptions, type SiteBundleSettings } from '../core/site-bundle-settings.js';
import { engineOf } from './docs-folder-queries.js';
import { packageRoot } from '../core/package-root.js';
import { isThemeComponentName, themeComponentNames, type ThemeComponentName } from '../shared/theme-components.js';

/** Where a site keeps its overrides, as in Docusaurus. */
export function themeOverridesDir(siteDir: string): string {
  return path.join(siteDir, 'src', 'theme');
}

const sourceFile = /\.(tsx|jsx|ts|js)$/;

/** React must be the copy sdkdocs renders with, wherever the site folder is. */
const sharedModules = ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/server'];

/**
 * Finds the site's overrides of theme components (`src/theme/Footer.tsx`,
 * `src/theme/DocItem/Footer/index.tsx`, …), compiles them for the build's render and checks that
 * each is named after an overridable component and exports a component as its default export.
 */
export async function collectThemeOverrides(site: Site, ctx: BuildContext): Promise<void> {
  const engine = engineOf(ctx);
  setSiteCodeConfig(engine, site.config);
  const { overrides, diagnostics } = await engine.query(themeOverridesQuery, site.config.siteDir);
  // A file of src/theme that the config itself loads (babeljs.io's Prism themes, src/theme/prism/*.js) is the config's, not a misnamed override.
  const configFiles = filesTheConfigLoaded(site.config.configInputs ?? []);
  site.diagnostics.push(...diagnostics.filter((diagnostic) => !(diagnostic.severity === 'warning' && diagnostic.code === 'theme-override' && diagnostic.file && configFiles.has(realPath(diagnostic.file)))));
  if (overrides) site.themeOverrides = overrides;
}

/**
 * The files the config was compiled from, and those its code required as it ran (a config that
 * makes its own `require` with createRequire, as babeljs.io's does, loads them past the compile).
 */
function filesTheConfigLoaded(inputs: readonly string[]): Set<string> {
  const required = Object.keys(createRequire(import.meta.url).cache);
  return new Set([...inputs, ...required].map(realPath));
}

function realPath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}

/**
 * What compiling the site's own code (theme overrides, custom pages) reads of the config: where
 * its imports resolve and the base of the asset URLs it makes. An edit of any other key leaves
 * the compiled code as it was.
 */
export interface SiteCodeConfig {
  siteDir: string;
  baseUrl: string;
  paths: { docs: string; static: string };
  /** The site has PostCSS plugins, which its stylesheets go through. */
  withPostcss: boolean;
  /** The site's aliases and constants (config `bundle`), which the build's bundles of its code apply. */
  bundle: SiteBundleSettings;
}

/** Sets the engine's `siteCodeConfig` input, which the overrides' and custom pages' queries read. */
export function setSiteCodeConfig(engine: QueryEngine, config: Site['config']): void {
  const slice: SiteCodeConfig = { siteDir: config.siteDir, baseUrl: config.baseUrl, paths: { docs: config.paths.docs, static: config.paths.static }, withPostcss: hasPostcssPlugins(config.postcssPlugins), bundle: serverBundleSettings(config.bundle) };
  engine.setInput('siteCodeConfig', slice, configSliceFingerprint(config, slice));
}

/** The overrides, compiled and loaded, with what is wrong with them (none when any is an error). */
export interface LoadedThemeOverrides {
  overrides?: SiteThemeOverrides;
  diagnostics: Diagnostic[];
}

/**
 * The site's theme overrides, made again only when a file their compile read or a folder under
 * `src/theme` changed: an override imports the site's other components too, and esbuild names them.
 */
export const themeOverridesQuery: Query<string, LoadedThemeOverrides> = {
  name: 'themeOverrides',
  run: (context) => loadThemeOverrides(context, context.input<SiteCodeConfig>('siteCodeConfig')),
};

async function loadThemeOverrides(context: QueryContext, config: SiteCodeConfig): Promise<LoadedThemeOverrides> {
  const dir = themeOverridesDir(config.siteDir);
  if (!context.listFolder(dir)) return { diagnostics: [] };
  const { files, folders, diagnostics } = await findOverrideFiles(dir);
  for (const folder of folders) context.listFolder(folder);
  if (files.size === 0 || diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return { diagnostics };
  const compiled = await compileOverrides(files, config, context);
  if ('diagnostics' in compiled) {
    // A compile that failed names no inputs: the file that would fix it may be any.
    context.untracked('the theme overrides did not compile');
    return { diagnostics: [...diagnostics, ...compiled.diagnostics] };
  }
  for (const file of compiled.inputs) context.readBytes(file);
  let modules: Record<string, Record<string, unknown>>;
  try {
    modules = await importThemeOverridesModule(compiled.code);
  } catch (error) {
    return { diagnostics: [...diagnostics, overridesLoadFailure(error, compiled.code, config.siteDir)] };
  }
  const components: Record<string, unknown> = {};
  for (const [name, file] of files) {
    const problem = await defaultExportProblem(modules[name], file, name);
    if (problem) diagnostics.push(problem);
    // MDX docs take the MDX components map through their imports (see theme-imports.ts), not the layout's slots.
    else if (name !== 'MDXComponents') components[name] = asRendered(name, modules[name].default);
  }
  if (diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return { diagnostics };
  const mdxComponents = files.has('MDXComponents') ? (modules.MDXComponents?.default as Record<string, unknown> | undefined) : undefined;
  const overrides: SiteThemeOverrides = {
    files,
    components: components as ThemeOverrides,
    code: compiled.code,
    stylesheets: compiled.stylesheets,
    ...(mdxComponents ? { mdxComponentNames: Object.keys(mdxComponents).sort() } : {}),
  };
  return { overrides, diagnostics };
}

/** The overrides' top level threw, looped or exited: reported at the override when there is one. */
function overridesLoadFailure(error: unknown, code: string, siteDir: string): Diagnostic {
  if (error instanceof SiteCodeStopped) {
    const failure = stoppedOverridesFailure(error, '', code, siteDir);
    return { severity: 'error', code: 'theme-override', message: `Loading ${failure.message}`, file: failure.file, hint: failure.hint };
  }
  const failure = renderFailureOf(error, '', siteDir);
  return {
    severity: 'error',
    code: 'theme-override',
    message: `Loading the site's theme overrides failed: ${failure.message}`,
    file: failure.file,
    hint: 'A theme override, or a module it imports, threw when its file was run at build time; code that needs the browser belongs in effects or <BrowserOnly>.',
  };
}

async function findOverrideFiles(dir: string): Promise<{ files: Map<ThemeComponentName, string>; folders: string[]; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const walked = entries.filter((entry) => entry.isDirectory()).map((entry) => path.join(entry.parentPath, entry.name));
  const candidates = entries
    .filter((entry) => entry.isFile() && sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !path.relative(dir, file).split(path.sep).some((part) => part.startsWith('_')))
    .sort();
  const nameOf = (file: string) => path.relative(dir, file).split(path.sep).join('/').replace(sourceFile, '').replace(/\/index$/, '');
  const files = new Map<ThemeComponentName, string>();
  for (const file of candidates) {
    const name = nameOf(file);
    if (!isThemeComponentName(name)) continue;
    const other = files.get(name);
    if (other) {
      diagnostics.push({
        severity: 'error',
        code: 'theme-override',
        message: `Two files override the theme component ${name}: ${path.relative(dir, other)} and ${path.relative(dir, file)}.`,
        file,
        hint: 'Keep one of them.',
      });
      continue;
    }
    files.set(name, file);
  }
  // A file inside the folder of an override (`Footer/index.tsx` with `Footer/Links.tsx`) is its helper.
  const folders = [...files.values()].filter((file) => /[\\/]index\.\w+$/.test(file)).map((file) => path.dirname(file) + path.sep);
  for (const file of candidates) {
    const name = nameOf(file);
    if (isThemeComponentName(name) || folders.some((folder) => file.startsWith(folder))) continue;
    const suggestion = closest(name, themeComponentNames);
    diagnostics.push({
      severity: 'warning',
      code: 'theme-override',
      message: `src/theme/${path.relative(dir, file).split(path.sep).join('/')} overrides no theme component: sdkdocs has no component "${name}"${suggestion ? `. Did you mean "${suggestion}"?` : '.'}`,
      file,
      hint: `Name the file after the component it replaces (src/theme/<Name>.tsx or src/theme/<Name>/index.tsx). Overridable: ${themeComponentNames.join(', ')}. Helpers go in a file or folder whose name starts with _, or elsewhere in src/.`,
    });
  }
  return { files, folders: walked, diagnostics };
}

const entryId = 'sdkdocs:theme-overrides';

async function compileOverrides(files: Map<ThemeComponentName, string>, config: SiteCodeConfig, queries: QueryAsker): Promise<{ code: string; stylesheets: string[]; inputs: string[] } | { diagnostics: Diagnostic[] }> {
  const names = [...files.keys()];
  const entry = [
    ...names.map((name, index) => `import * as m${index} from ${JSON.stringify(files.get(name))};`),
    `export default { ${names.map((name, index) => `${JSON.stringify(name)}: m${index}`).join(', ')} };`,
  ].join('\n');
  const siteSettings = siteBundleOptions(config.bundle, config.siteDir, 'server');
  try {
    const result = await esbuild.build({
      entryPoints: [entryId],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      jsx: 'automatic',
      logLevel: 'silent',
      metafile: true,
      // The metafile's names are relative to this folder, and read as the site's files below; left
      // out, it is the working folder esbuild was loaded in, which need not be the site's.
      absWorkingDir: config.siteDir,
      outdir: path.join(config.siteDir, 'theme-overrides'),
      define: { ...siteSettings.define, 'process.env.NODE_ENV': '"production"' },
      inject: siteSettings.inject,
      banner: { js: nodeRequireBanner },
      plugins: [
        ...siteSettings.plugins,
        siteStylesheetsPlugin({ siteDir: config.siteDir, staticDir: config.paths.static, target: 'server', queries, withPostcss: config.withPostcss }),
        {
          name: 'sdkdocs-theme-overrides',
          setup(build) {
            build.onResolve({ filter: /^sdkdocs:theme-overrides$/ }, () => ({ path: entryId, namespace: 'sdkdocs' }));
            build.onLoad({ filter: /.*/, namespace: 'sdkdocs' }, () => ({ contents: entry, resolveDir: config.siteDir, loader: 'js' }));
            resolveSharedReact(build, sharedModules);
            resolveSiteImports(build, {
              siteDir: config.siteDir,
              readRoots: siteReadRoots(config),
              serverRoots: siteServerRoots(config),
              overrides: () => files,
              queries,
              host: { ...themeHostModules, key: themeHostKey },
            });
          },
        },
        mdxAssetsPlugin(config.baseUrl),
      ],
    });
    const output = result.outputFiles.find((file) => file.path.endsWith('.js'));
    return { code: output?.text ?? 'export default {};', stylesheets: importedStylesheets(result.metafile, `sdkdocs:${entryId}`), inputs: siteFilesRead(result.metafile, config.siteDir) };
  } catch (error) {
    const messages = (error as esbuild.BuildFailure).errors ?? [];
    if (messages.length === 0) throw error;
    return {
      diagnostics: messages.map((message) => ({
        severity: 'error',
        code: 'theme-override',
        message: `Cannot compile the theme override: ${message.text}.`.replace(/\.\.$/, '.'),
        file: message.location ? path.resolve(config.siteDir, message.location.file) : undefined,
        line: message.location?.line,
        column: message.location ? message.location.column + 1 : undefined,
      })),
    };
  }
}

/**
 * The files of the site a compile read, from esbuild's metafile: a plugin's module is named
 * `namespace:/absolute/path`, stylesheets among them (a CSS module's class names come from its
 * text), and the site's Babel config. Installed packages and sdkdocs' own files do not change while
 * a site is built or watched.
 */
export function siteFilesRead(metafile: esbuild.Metafile, siteDir: string): string[] {
  const own = packageRoot() + path.sep;
  const files = Object.keys(metafile.inputs).flatMap((input) => {
    const namespaced = /^[\w-]+:(.*)$/.exec(input);
    if (namespaced && !path.isAbsolute(namespaced[1])) return [];
    return [path.resolve(siteDir, namespaced ? namespaced[1] : input)];
  });
  const inSite = (file: string) => file.startsWith(siteDir + path.sep);
  const read = files.filter((file) => (inSite(file) || !file.startsWith(own)) && !file.split(path.sep).includes('node_modules'));
  return [...read, babelConfigFileOf(siteDir)];
}

/** The theme components that are maps of components, and how a site's own map is written. */
const componentMapExamples: Partial<Record<ThemeComponentName, string>> = {
  MDXComponents: "import MDXComponents from '@theme-original/MDXComponents'; export default { ...MDXComponents, Highlight };",
  'NavbarItem/ComponentTypes': "import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes'; export default { ...ComponentTypes, 'custom-discord': DiscordLink };",
};

/** What React can render as a component: a function or class, or what memo, forwardRef and lazy return. */
function isComponent(value: unknown): boolean {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && typeof (value as { $$typeof?: unknown }).$$typeof === 'symbol');
}

async function defaultExportProblem(module: Record<string, unknown>, file: string, name: ThemeComponentName): Promise<Diagnostic | undefined> {
  const example = `export default function ${name.replace(/\W/g, '')}(props: ${name.replace(/\W/g, '')}Props) { … }`;
  if (!('default' in module)) {
    const exported = Object.keys(module);
    return {
      severity: 'error',
      code: 'theme-override',
      message: `The override of ${name} has no default export${exported.length > 0 ? ` (it exports ${exported.join(', ')})` : ''}.`,
      file,
      line: 1,
      column: 1,
      hint: `Export the component that replaces ${name} as the default export: \`${example}\` (or \`export { ${exported[0] ?? 'MyComponent'} as default }\`).`,
    };
  }
  const value = module.default;
  // The maps of MDX components and of navbar item components are objects of components, not components.
  const mapExample = componentMapExamples[name];
  if (mapExample) {
    const notComponents = value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).filter((key) => !isComponent((value as Record<string, unknown>)[key])) : undefined;
    if (notComponents?.length === 0) return undefined;
    return {
      severity: 'error',
      code: 'theme-override',
      message: notComponents
        ? `The ${name} map gives ${notComponents.map((key) => JSON.stringify(key)).join(', ')} a value that is not a React component.`
        : `The default export of ${name} is not an object of components.`,
      file,
      line: 1,
      column: 1,
      hint: `Export the theme's map with your components added: \`${mapExample}\`.`,
    };
  }
  if (isComponent(value)) return undefined;
  const found = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
  const text = await readFile(file, 'utf8').catch(() => '');
  const at = /^export\s+default\b/m.exec(text) ?? /\bas\s+default\b/.exec(text);
  const line = at ? text.slice(0, at.index).split('\n').length : 1;
  const column = at ? at.index - text.lastIndexOf('\n', at.index - 1) : 1;
  return {
    severity: 'error',
    code: 'theme-override',
    message: `The default export of the override of ${name} is ${found}, not a React component.`,
    file,
    line,
    column,
    hint: `Export a component: \`${example}\`.`,
  };
}
