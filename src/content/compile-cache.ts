import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCacheFile, storeCacheFile } from '../core/cache-file.js';
import { packageRoot } from '../core/package-root.js';
import type { CompiledDoc, ParseContext, ParseTask } from './parse-doc.js';
import { resolveMarkdownLink } from './plugins/remark-links.js';

/**
 * Compiled docs on disk (`node_modules/.cache/sdkdocs/docs`), one file per doc, named by the hash
 * of everything its compilation reads: the markdown, its file, route and title, the base URL, the
 * diagram setting and the compiler itself. A second build compiles only what changed.
 *
 * A doc's `.md` links also depend on other docs' routes, which the name cannot hold: an entry is
 * used only when each of its `.md` links still resolves where it did.
 */
export interface CompileCache {
  /** The entry's key for a task; pass it back to {@link get} and {@link set}. */
  keyOf(task: ParseTask): string;
  get(key: string): Promise<CompiledDoc | undefined>;
  set(key: string, compiled: CompiledDoc): Promise<void>;
}

export function openCompileCache(dir: string, fingerprint: string, context: ParseContext): CompileCache {
  const fileOf = (key: string) => path.join(dir, `${key}.json`);
  const contextKey = JSON.stringify([fingerprint, context.baseUrl, context.docsDir, context.mermaid]);
  return {
    keyOf(task) {
      return createHash('sha256').update(contextKey).update('\0').update(JSON.stringify([task.file, task.route, task.title])).update('\0').update(task.raw).digest('hex').slice(0, 40);
    },
    async get(key) {
      const text = readCacheFile(fileOf(key));
      let compiled: CompiledDoc;
      try {
        compiled = JSON.parse(text ?? '') as CompiledDoc;
      } catch {
        return undefined;
      }
      const linkContext = { routeOfFile: (file: string) => context.routeByFile.get(file), docsDir: context.docsDir };
      const linksStillResolve = compiled.links.every(
        (link) => link.kind !== 'markdown' || resolveMarkdownLink(link.url, link.file, linkContext) === link.resolved,
      );
      return linksStillResolve ? compiled : undefined;
    },
    async set(key, compiled) {
      storeCacheFile(fileOf(key), JSON.stringify(compiled));
    },
  };
}

/** Deletes the entries a build did not use: the cache holds one generation of the site, not every edit ever made. */
export async function pruneCompileCache(dir: string, usedKeys: ReadonlySet<string>): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  const stale = names.filter((name) => name.endsWith('.json') && !usedKeys.has(name.slice(0, -'.json'.length)));
  for (let i = 0; i < stale.length; i += 64) {
    await Promise.all(stale.slice(i, i + 64).map((name) => rm(path.join(dir, name), { force: true })));
  }
}

let fingerprintOfCompiler: string | undefined;

/**
 * A hash of the code that compiles docs (sdkdocs' own modules and templates, as they are on disk)
 * and of the installed versions of its dependencies: a new sdkdocs, an edited template or an
 * upgraded remark plugin invalidates every entry.
 */
export function compilerFingerprint(): string {
  if (fingerprintOfCompiler) return fingerprintOfCompiler;
  const hash = createHash('sha256');
  const root = packageRoot();
  // `dist/src` when compiled, `src` when run from source (tests); templates sit beside it.
  const sourceRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  for (const dir of [sourceRoot, path.join(path.dirname(sourceRoot), 'templates')]) {
    const files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(js|ts|tsx)$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) hash.update(path.relative(root, file)).update(readFileSync(file));
  }
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  for (const name of Object.keys(manifest.dependencies ?? {}).sort()) hash.update(`${name}@${installedVersion(root, name)}`);
  fingerprintOfCompiler = hash.digest('hex');
  return fingerprintOfCompiler;
}

/** The version Node would load: the nearest `node_modules/{name}` at or above sdkdocs' folder (dependencies may be hoisted). */
function installedVersion(root: string, name: string): string {
  for (let dir = root; ; dir = path.dirname(dir)) {
    try {
      return (JSON.parse(readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      if (dir === path.dirname(dir)) return 'not installed';
    }
  }
}
