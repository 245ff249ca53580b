import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiModelOptions, resolveApiPaths } from '../src/api/api-options.js';
import { settingsHash } from '../src/api/load-api-model.js';
import { loadConfig } from '../src/config/load.js';
import { UserError, type Diagnostic } from '../src/core/diagnostic.js';
import { buildSite, copySite, fixture, pageHtml } from './helpers/site.js';

type Built = Awaited<ReturnType<typeof buildSite>>;

/** The links of a page's article into the API reference, as "text -> href". */
function apiLinks(result: Built, route: string): string[] {
  return [...pageHtml(result, route).matchAll(/<a href="(\/api\/[^"]*)"(?![^>]*(?:menu-link|pagination|hash-link))[^>]*>([\s\S]*?)<\/a>/g)].map(
    ([, href, text]) => `${text.replace(/<[^>]+>/g, '')} -> ${href}`,
  );
}

async function editConfig(dir: string, from: string, to: string): Promise<string> {
  const file = path.join(dir, 'sdkdocs.config.ts');
  const text = await readFile(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${from} not in the config`);
  await writeFile(file, text.replace(from, to));
  return file;
}

/** The diagnostics of a build that failed, as `line:col message`. */
async function failure(dir: string, until: 'generateApi' | 'checkLinks' = 'generateApi'): Promise<Diagnostic[]> {
  try {
    await buildSite(dir, { until });
  } catch (error) {
    if (error instanceof UserError) return error.diagnostics;
    throw error;
  }
  throw new Error('the build did not fail');
}

describe('api.typedocOptions and api.linkTags', () => {
  let site: { dir: string; cleanup: () => Promise<void> };
  let result: Built;
  beforeAll(async () => {
    site = await copySite(fixture('api-typedoc-options'));
    result = await buildSite(site.dir, { until: 'renderPages' });
  }, 60_000);
  afterAll(() => site.cleanup());

  it('builds without a warning: the tags the comments use are declared, every link resolves', () => {
    expect(result.site.diagnostics).toEqual([]);
  });

  it('links an alias tag as {@link}, with the text after `|` as the link text', () => {
    expect(apiLinks(result, '/api/class/Actor')).toEqual(expect.arrayContaining(['Scene.add -> /api/class/Scene#add', 'scenes -> /api/class/Scene']));
    expect(apiLinks(result, '/api/class/Scene')).toContain('Actor -> /api/class/Actor');
    expect(pageHtml(result, '/api/class/Actor')).not.toContain('@apilink');
  });

  it('takes the words after a {@link} target as its text, with or without `|`', () => {
    expect(apiLinks(result, '/api/class/Scene')).toEqual(expect.arrayContaining(['actors -> /api/class/Actor', 'add -> /api/class/Scene#add']));
    expect(apiLinks(result, '/api/class/Actor')).toContain('as wide as the actor -> /api/class/Actor#width');
  });

  it('passes the options to TypeDoc: a declared block tag shows, a protected member is left out', () => {
    const actor = pageHtml(result, '/api/class/Actor');
    expect(actor).toContain('An actor belongs to one scene at a time.');
    expect(actor).not.toContain('secret');
  });

  it('answers a member anchor in the case the member is written, beside its lower-case one', () => {
    const actor = pageHtml(result, '/api/class/Actor');
    expect(actor).toMatch(/<section id="Box" class="api-member/);
    expect(actor).toContain('<h3 id="box"');
    // `width` is its own anchor: no second one.
    expect(actor).not.toMatch(/<section id="width"/);
    expect(result.site.pages.find((page) => page.route === '/api/class/Actor')?.anchors.has('Box')).toBe(true);
  });

  it('makes a changed option a new cache key, so that TypeDoc runs again', async () => {
    const config = await loadConfig(site.dir);
    const paths = resolveApiPaths(config)!.paths!;
    const before = settingsHash(apiModelOptions(config, paths));
    const changed = { ...config, api: { ...config.api!, typedocOptions: { ...config.api!.typedocOptions, excludeProtected: false } } };
    expect(settingsHash(apiModelOptions(changed, paths))).not.toBe(before);
    const aliased = { ...config, api: { ...config.api!, linkTags: [] } };
    expect(settingsHash(apiModelOptions(aliased, paths))).not.toBe(before);
  });
});

describe('api.typedocOptions that cannot be applied', () => {
  it('refuses an option sdkdocs sets itself, at its key, saying what to do instead', async () => {
    const site = await copySite(fixture('api-typedoc-options'));
    try {
      const file = await editConfig(site.dir, 'excludeProtected: true,', "excludeProtected: true,\n      out: 'api-html',\n      entryPoints: ['sdk/src/other.ts'],");
      const diagnostics = await failure(site.dir);
      expect(diagnostics.map((d) => `${path.basename(d.file!)}:${d.line}:${d.column} ${d.message}`)).toEqual([
        `sdkdocs.config.ts:15:7 api.typedocOptions.out: sdkdocs sets this TypeDoc option itself: sdkdocs renders the API pages from the model itself and TypeDoc writes no files; remove it.`,
        `sdkdocs.config.ts:16:7 api.typedocOptions.entryPoints: sdkdocs sets this TypeDoc option itself: set \`api.entryPoints\`.`,
      ]);
      expect(diagnostics.every((d) => d.file === file)).toBe(true);
    } finally {
      await site.cleanup();
    }
  });

  it("reports TypeDoc's refusal of an unknown option or a wrong value at its key", async () => {
    const site = await copySite(fixture('api-typedoc-options'));
    try {
      await editConfig(site.dir, 'excludeProtected: true,', "excludeProtected: true,\n      excludePrivat: true,\n      validation: 'no',");
      const diagnostics = await failure(site.dir);
      expect(diagnostics.map((d) => [path.basename(d.file!), d.line, d.column, d.code])).toEqual([
        ['sdkdocs.config.ts', 15, 7, 'typedoc-option'],
        ['sdkdocs.config.ts', 16, 7, 'typedoc-option'],
      ]);
      expect(diagnostics.map((d) => d.message)).toEqual([
        "api.typedocOptions.excludePrivat: TypeDoc refuses it: Unknown option 'excludePrivat'. You may have meant: excludePrivate.",
        'api.typedocOptions.validation: TypeDoc refuses it: Expected an object with flag values for validation or true/false.',
      ]);
    } finally {
      await site.cleanup();
    }
  });

  it('reports an alias that names nothing at its own line, as a broken {@link} is', async () => {
    const site = await copySite(fixture('api-typedoc-options'));
    try {
      const source = path.join(site.dir, 'sdk', 'src', 'index.ts');
      const text = await readFile(source, 'utf8');
      await writeFile(source, `${text}\n/**\n * Plays a sound.\n *\n * Louder than {@apilink Missing | the missing one}.\n */\nexport function play(): void {}\n`);
      const line = text.split('\n').length + 4;
      const diagnostics = await failure(site.dir, 'checkLinks');
      expect(diagnostics.filter((d) => d.message.includes('Missing')).map((d) => [path.relative(site.dir, d.file!), d.line, d.column])).toEqual([[path.join('sdk', 'src', 'index.ts'), line, 16]]);
    } finally {
      await site.cleanup();
    }
  });

  it('shows an undeclared alias as text and says how to make it link', async () => {
    const site = await copySite(fixture('api-typedoc-options'));
    try {
      await editConfig(site.dir, "linkTags: ['@apilink'],", '');
      const built = await buildSite(site.dir, { until: 'renderPages' });
      expect(pageHtml(built, '/api/class/Scene')).toContain('Adds an Actor.</p>');
      const unknown = built.site.diagnostics.find((d) => d.message.includes('@apilink'));
      expect(unknown?.hint).toContain('`api.linkTags`');
    } finally {
      await site.cleanup();
    }
  });
});
