import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { UserError, type Diagnostic } from '../core/diagnostic.js';
import { docusaurusConfigFileNames } from './docusaurus-config.js';
import { configFileNames, loadConfig, readDocusaurusConfig } from './load.js';
import { formatKeyPath, locateKey } from './locate-key.js';

/*
 * `sdkdocs migrate`: the sdkdocs config a Docusaurus site's config amounts to, written out for a
 * team that switches for good. It is the translation `sdkdocs build` makes of the Docusaurus
 * config, keys and values as written: plugin functions are imported from the module that gave
 * them, paths are made relative to the site, and what sdkdocs does not apply is listed at the top.
 */

export interface MigrateResult {
  /** The sdkdocs config written. */
  file: string;
  /** What the Docusaurus config says that sdkdocs does not apply. */
  warnings: Diagnostic[];
  /** Functions written out from their source text, which may need a look (they may use names of the old config). */
  copiedFunctions: string[];
}

export async function migrateDocusaurusSite(siteDir: string): Promise<MigrateResult> {
  const existing = configFileNames.map((name) => path.join(siteDir, name)).find((file) => existsSync(file));
  if (existing) {
    throw new UserError({
      severity: 'error',
      code: 'migrate',
      message: `${path.basename(existing)} exists already: it is the config sdkdocs builds with.`,
      file: existing,
      hint: 'Remove it (or rename it) to write it again from the Docusaurus config.',
    });
  }
  const docusaurusFile = docusaurusConfigFileNames.map((name) => path.join(siteDir, name)).find((file) => existsSync(file));
  if (!docusaurusFile) {
    throw new UserError({ severity: 'error', code: 'migrate', message: `No docusaurus.config.js (nor .ts, .mjs, .cjs) in ${siteDir}: there is nothing to migrate.`, hint: 'Run `sdkdocs init` to start a new site.' });
  }
  const { translation, warnings } = await readDocusaurusConfig(siteDir, docusaurusFile);
  if (translation.presetsRun.length > 0) {
    const source = await readFile(docusaurusFile, 'utf8');
    throw new UserError(
      translation.presetsRun.map(({ name, keys }) => ({
        severity: 'error',
        code: 'migrate',
        message: `${formatKeyPath(keys)}: the preset ${name} cannot be written into an sdkdocs config: the plugins and options it adds are made each time it runs.`,
        file: docusaurusFile,
        ...locateKey(source, keys),
        hint: `Keep ${path.basename(docusaurusFile)}: \`sdkdocs build\` runs the preset from it on every build.`,
      })),
    );
  }
  const leftOut = withoutLinksIntoUnbuilt(translation.config, translation.unbuilt);
  // Plugin objects made by a plugin's configurePostCss have no source text to write.
  const postcssLeftOut = translation.config.postcssPlugins !== undefined;
  delete translation.config.postcssPlugins;
  const writer = new ConfigWriter(siteDir, modulesOfFunctions());
  const body = writer.value(translation.config, 0);
  const header = [
    `// Written by \`sdkdocs migrate\` from ${path.basename(docusaurusFile)}.`,
    ...(warnings.length > 0
      ? ['// What that config says that sdkdocs does not apply:', ...warnings.map((warning) => `// - ${warning.message.replace(/\n/g, ' ')}`)]
      : []),
    ...leftOut.map((item) => `// - ${item}: left out, since sdkdocs does not build what it links to yet.`),
    ...(postcssLeftOut ? ["// - postcssPlugins, which the plugins' configurePostCss gives: not written; add them yourself (`postcssPlugins: [require('tailwindcss')]`)."] : []),
    ...(writer.copied.length > 0 ? ['// Functions copied from their source text (check the names they use): ' + writer.copied.join(', ') + '.'] : []),
  ];
  const text = [...header, "import { defineConfig } from 'sdkdocs';", ...writer.imports(), '', `export default defineConfig(${body});`, ''].join('\n');
  const file = path.join(siteDir, 'sdkdocs.config.ts');
  await writeFile(file, text);
  try {
    await loadConfig(siteDir);
  } catch (error) {
    // A config that does not load would stop every build of the site: nothing is left behind.
    await rm(file, { force: true });
    throw error;
  }
  return { file, warnings, copiedFunctions: writer.copied };
}

/**
 * Takes out the navbar and footer links into content sdkdocs does not build yet (the blog): with
 * the Docusaurus config they are one warning, but in an sdkdocs config they would be broken links.
 * Returns what it took out, by key path.
 */
function withoutLinksIntoUnbuilt(config: Record<string, unknown>, unbuilt: readonly { routeBasePath: string }[]): string[] {
  const leftOut: string[] = [];
  const bases = unbuilt.map(({ routeBasePath }) => `/${routeBasePath.replace(/^\/+|\/+$/g, '')}`);
  const leadsIntoUnbuilt = (item: unknown) => {
    const to = item && typeof item === 'object' ? (item as { to?: unknown }).to : undefined;
    return typeof to === 'string' && bases.some((base) => to === base || to.startsWith(`${base}/`));
  };
  const filter = (list: unknown, at: string): unknown => {
    if (!Array.isArray(list)) return list;
    return list.filter((item, index) => {
      if (!leadsIntoUnbuilt(item)) return true;
      leftOut.push(`${at}[${index}] (${String((item as { label?: unknown }).label ?? (item as { to: string }).to)})`);
      return false;
    });
  };
  const navbar = config.navbar as { items?: unknown } | undefined;
  if (navbar) navbar.items = filter(navbar.items, 'navbar.items');
  const footer = config.footer as { links?: { items?: unknown }[] } | undefined;
  footer?.links?.forEach((column, index) => (column.items = filter(column.items, `footer.links[${index}].items`)));
  return leftOut;
}

function moduleCache(): Record<string, NodeJS.Module | undefined> {
  return createRequire(import.meta.url).cache;
}

/** The module each exported function came from, among the CommonJS modules loaded (the Docusaurus config's requires among them). */
function modulesOfFunctions(): Map<unknown, string> {
  const modules = new Map<unknown, string>();
  for (const [file, module] of Object.entries(moduleCache())) {
    if (!module) continue;
    const exported = module.exports as unknown;
    if (typeof exported === 'function') modules.set(exported, file);
    const fallback = exported && typeof exported === 'object' ? (exported as { default?: unknown }).default : undefined;
    if (typeof fallback === 'function' && !modules.has(fallback)) modules.set(fallback, file);
  }
  return modules;
}

/** Writes config values as TypeScript source. */
class ConfigWriter {
  readonly copied: string[] = [];
  private readonly importNames = new Map<string, string>();

  constructor(
    private readonly siteDir: string,
    private readonly moduleOf: Map<unknown, string>,
  ) {}

  imports(): string[] {
    return [...this.importNames].map(([specifier, name]) => `import ${name} from ${JSON.stringify(specifier)};`);
  }

  value(value: unknown, depth: number, key?: string): string {
    const indent = '  '.repeat(depth + 1);
    const closing = '  '.repeat(depth);
    if (typeof value === 'string') return JSON.stringify(this.relativePath(value));
    if (typeof value === 'function') return this.functionValue(value as (...args: never[]) => unknown, key);
    if (value instanceof RegExp) return value.toString();
    if (Array.isArray(value)) {
      if (value.length === 0) return '[]';
      return `[\n${value.map((item) => `${indent}${this.value(item, depth + 1, key)},`).join('\n')}\n${closing}]`;
    }
    if (value && typeof value === 'object') {
      const prototype = Object.getPrototypeOf(value) as object | null;
      if (prototype !== Object.prototype && prototype !== null) {
        // Written as its fields, a Map, a Date or a class's instance would lose what it is.
        const kind = (prototype as { constructor?: { name?: string } }).constructor?.name || 'object';
        throw new UserError({
          severity: 'error',
          code: 'migrate',
          message: `${key ?? 'A value'} of the Docusaurus config is a ${kind}, which sdkdocs migrate cannot write out as it is.`,
          hint: 'Keep building from the Docusaurus config, or give that option a plain value (text, number, list, object, regular expression).',
        });
      }
      const entries = Object.entries(value).filter(([, item]) => item !== undefined);
      if (entries.length === 0) return '{}';
      return `{\n${entries.map(([name, item]) => `${indent}${propertyName(name)}: ${this.value(item, depth + 1, name)},`).join('\n')}\n${closing}}`;
    }
    return value === undefined ? 'undefined' : JSON.stringify(value);
  }

  /** An absolute path inside the site (`path.join(__dirname, 'src/css/custom.css')`) as the site-relative path sdkdocs takes. */
  private relativePath(text: string): string {
    if (!path.isAbsolute(text) || !text.startsWith(this.siteDir + path.sep)) return text;
    return `./${path.relative(this.siteDir, text).split(path.sep).join('/')}`;
  }

  private functionValue(fn: (...args: never[]) => unknown, key: string | undefined): string {
    const file = this.moduleOf.get(fn);
    if (file) return this.importOf(file, fn.name || key || 'plugin');
    this.copied.push(key ?? (fn.name || 'a function'));
    return fn.toString();
  }

  private importOf(file: string, nameHint: string): string {
    const specifier = this.specifierOf(file);
    const known = this.importNames.get(specifier);
    if (known) return known;
    const base = nameHint.replace(/[^\w$]/g, '') || 'plugin';
    let name = base;
    for (let index = 2; [...this.importNames.values()].includes(name); index++) name = `${base}${index}`;
    this.importNames.set(specifier, name);
    return name;
  }

  /** A package's name when the file is its main module, a site file's relative path otherwise. */
  private specifierOf(file: string): string {
    const packageMatch = /^(.*[\\/]node_modules[\\/])((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(file);
    if (packageMatch) {
      const name = packageMatch[2]!.replace(/\\/g, '/');
      try {
        if (createRequire(path.join(this.siteDir, 'package.json')).resolve(name) === file) return name;
      } catch {
        // Not resolvable by its name from the site: its path inside the package is written.
      }
      return `${name}/${path.relative(packageMatch[1]! + packageMatch[2]!, file).split(path.sep).join('/')}`;
    }
    const relative = path.relative(this.siteDir, file).split(path.sep).join('/');
    return relative.startsWith('.') ? relative : `./${relative}`;
  }
}

function propertyName(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

