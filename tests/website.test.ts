import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProgram } from '../src/cli/main.js';
import { loadConfig } from '../src/config/load.js';
import { configSchema } from '../src/config/schema.js';
import { knownFrontMatterKeys } from '../src/content/front-matter-keys.js';
import { themeComponentNames } from '../src/shared/theme-components.js';
import { tempDir } from './helpers/browser.js';
import { repoRoot } from './helpers/site.js';

// The docs site, built as `npm run build:website` builds it: its Reference pages written from the
// code, then the shipped CLI over website/. Every config key, CLI option, front matter key and
// diagnostic code must have its entry there, found here by other means than the generator's.

const websiteDir = path.join(repoRoot, 'website');
const node = (...args: string[]) => spawnSync(process.execPath, args, { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, CI: 'true' } });

let outDir: string;
let cleanup: () => Promise<void>;
let generate: ReturnType<typeof node>;
let build: ReturnType<typeof node>;
const page = (route: string) => readFileSync(path.join(outDir, route, 'index.html'), 'utf8');
const idsOf = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1].replaceAll('&amp;', '&')));

beforeAll(async () => {
  ({ dir: outDir, cleanup } = await tempDir('sdkdocs-website-'));
  generate = node(path.join(websiteDir, 'scripts', 'generate-reference.mjs'));
  build = generate.status === 0 ? node(path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', websiteDir, '--out-dir', outDir) : generate;
}, 300_000);
afterAll(async () => {
  await cleanup?.();
});

/** Every key path of the config schema, walked through zod's own definitions: `navbar.items[].label`. */
function schemaKeyPaths(): string[] {
  const paths: string[] = [];
  const walk = (schema: unknown, prefix: string, seen: Set<unknown>) => {
    if (seen.has(schema)) return;
    const def = (schema as { _zod: { def: Record<string, unknown> } })._zod.def;
    const next = new Set([...seen, schema]);
    switch (def.type) {
      case 'object':
        for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) {
          const keyPath = prefix ? `${prefix}.${key}` : key;
          if (!paths.includes(keyPath)) paths.push(keyPath);
          walk(child, keyPath, next);
        }
        return;
      case 'optional':
      case 'default':
      case 'nullable':
      case 'catch':
      case 'readonly':
        return walk(def.innerType, prefix, next);
      case 'pipe':
        // A transform reads the value on one side (`.transform()` after, `z.preprocess()` before).
        walk(def.in, prefix, next);
        return walk(def.out, prefix, next);
      case 'union':
        for (const option of def.options as unknown[]) walk(option, prefix, next);
        return;
      case 'array':
        return walk(def.element, `${prefix}[]`, next);
    }
  };
  walk(configSchema, '', new Set());
  return paths;
}

/** Every diagnostic code a file of src/ gives a Diagnostic (`code`) or a vfile message (`ruleId`). */
function diagnosticCodes(): string[] {
  const codes = new Set<string>();
  const files = readdirSync(path.join(repoRoot, 'src'), { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
  for (const file of files) {
    const text = readFileSync(path.join(repoRoot, 'src', file), 'utf8')
      // zod's `addIssue({ code: 'custom' })` names the validator's issue kind, not a diagnostic.
      .replace(/addIssue\(\{\s*code: 'custom'/g, '')
      .replace(/^\s*code: 'custom',$/gm, '');
    for (const match of text.matchAll(/\b(?:code\??|ruleId): ((?:'[\w-]+'(?:\s*\|\s*)?)+)/g)) for (const literal of match[1].matchAll(/'([\w-]+)'/g)) codes.add(literal[1]);
    for (const match of text.matchAll(/(?:ruleId \?\? |Code = )'([\w-]+)'/g)) codes.add(match[1]);
  }
  return [...codes].sort();
}

describe('the docs site (website/)', () => {
  it('is built by the shipped CLI with broken links and anchors failing the build', async () => {
    expect(generate.status, generate.stderr).toBe(0);
    expect(build.stderr).toMatch(/Built \d+ pages/);
    expect(build.status, build.stderr).toBe(0);
    const config = await loadConfig(websiteDir);
    expect(config.onBrokenLinks).toBe('throw');
    expect(config.onBrokenAnchors).toBe('throw');
    expect(config.onBrokenMarkdownLinks).toBe('throw');
  });

  it('has an entry for every config key', () => {
    const ids = idsOf(page('docs/reference/configuration'));
    const keyPaths = schemaKeyPaths();
    expect(keyPaths).toContain('navbar.items[].label');
    expect(keyPaths.filter((keyPath) => !ids.has(keyPath.replaceAll('[]', '')))).toEqual([]);
  });

  it('has an entry for every command and option of the CLI', () => {
    const ids = idsOf(page('docs/reference/cli'));
    const missing: string[] = [];
    for (const command of createProgram(() => {}).commands) {
      // `docs:version` → `docs-version`: a colon in a heading id would read as a markdown directive.
      const id = command.name().replaceAll(':', '-');
      if (!ids.has(id)) missing.push(command.name());
      for (const option of command.options) if (!ids.has(`${id}${option.long}`)) missing.push(`${command.name()} ${option.flags}`);
    }
    expect(missing).toEqual([]);
  });

  it('has an entry for every front matter key', () => {
    const ids = idsOf(page('docs/reference/front-matter'));
    expect(knownFrontMatterKeys.filter((key) => !ids.has(key))).toEqual([]);
  });

  it('has an entry for every overridable theme component', () => {
    const ids = idsOf(page('docs/reference/theme-components'));
    expect(themeComponentNames.filter((name) => !ids.has(name))).toEqual([]);
  });

  it('has an entry for every CSS custom property of the theme', () => {
    const ids = idsOf(page('docs/reference/css-properties'));
    const declared = new Set([...readFileSync(path.join(repoRoot, 'templates', 'theme.css'), 'utf8').matchAll(/^\s*(--sdkdocs-[\w-]+):/gm)].map((match) => match[1]));
    expect(declared.size).toBeGreaterThan(10);
    expect([...declared].filter((name) => !ids.has(name))).toEqual([]);
  });

  it('has a section in the error catalogue for every diagnostic code sdkdocs prints', () => {
    const ids = idsOf(page('docs/reference/errors'));
    const codes = diagnosticCodes();
    expect(codes).toEqual(expect.arrayContaining(['broken-link', 'front-matter', 'config', 'unclosed-directive']));
    expect(codes.filter((code) => !ids.has(code))).toEqual([]);
  });

  it('uses its own features: a mermaid pipeline, llms.txt and the API reference of defineConfig', () => {
    expect(page('docs/design/architecture')).toMatch(/<figure class="mermaid-diagram"[^>]*>[^]*?<svg/);
    expect(readFileSync(path.join(outDir, 'llms.txt'), 'utf8')).toContain('(/docs/reference/configuration.md)');
    expect(page('api/function/defineConfig')).toContain('defineConfig');
  });
});
