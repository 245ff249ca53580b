import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lintWithoutTypes } from './helpers/lint.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = lintWithoutTypes(repoRoot);

/** The lint messages for a file that would sit at `file` (relative to the repo) with `code` in it. */
async function lintAt(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

/** Lints one import of each `[from, name]` at `file` and expects it refused, once, with `rule`. */
async function expectEachImportRefused(file: string, imports: string[][], rule: string, kind: 'type' | 'value' = 'value'): Promise<void> {
  for (const [from, what] of imports) {
    const code = kind === 'type' ? `import type { ${what} } from '${from}';\nexport type Used = ${what};\n` : `import { ${what} } from '${from}';\nexport const use = ${what};\n`;
    const messages = await lintAt(file, code);
    expect(messages, from).toHaveLength(1);
    expect(messages[0]).toContain(rule);
  }
}

describe('the layers are enforced by the lint', () => {
  it('refuses an import of one stage by another, saying where the shared code goes', async () => {
    const messages = await lintAt('src/links/new-check.ts', "import { renderPages } from '../render/render-pages.js';\nexport const run = renderPages;\n");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('no-restricted-imports');
    expect(messages[0]).toContain('src/links is a stage');
    expect(messages[0]).toContain('never another stage');
    expect(messages[0]).toContain('src/core');
  });

  it('refuses it from a subfolder of a stage too', async () => {
    const messages = await lintAt('src/content/mdx/new-part.ts', "import { generateApi } from '../../api/generate-api.js';\nexport const run = generateApi;\n");
    expect(messages.join('\n')).toContain('src/content is a stage');
  });

  it('refuses a stage importing the orchestrator that runs it', async () => {
    const messages = await lintAt('src/search/new-index.ts', "import { build } from '../pipeline/build.js';\nexport const run = build;\n");
    expect(messages.join('\n')).toContain('pipeline, cli, serve and init call the stages');
  });

  it('refuses serve importing the commands above it', async () => {
    const messages = await lintAt('src/serve/new-watch.ts', "import { runCommand } from '../cli/run-command.js';\nexport const run = runCommand;\n");
    expect(messages.join('\n')).toContain('src/cli is the top layer');
  });

  it('keeps the model types only: no code, no value import, no import of core or a stage', async () => {
    expect(await lintAt('src/model/new-model.ts', "import type { FrontMatter } from './front-matter.js';\nexport interface Page { frontMatter: FrontMatter }\nexport type Kind = 'doc' | 'page';\n")).toEqual([]);
    const code = await lintAt('src/model/new-model.ts', 'export function routeOf(page: { route: string }): string {\n  return page.route;\n}\nexport const assets = 1;\n');
    expect(code).toHaveLength(2);
    for (const message of code) expect(message).toContain('src/model holds the site model\'s types only');
    const valueImport = await lintAt('src/model/new-model.ts', "import { truncateMarker } from '../core/blog.js';\nexport type Marker = typeof truncateMarker;\n");
    expect(valueImport.join('\n')).toContain('import with `import type`');
    expect(valueImport.join('\n')).toContain('src/model is the types of the site model');
  });

  it('keeps the model below config and templates: their types reach it another way', async () => {
    await expectEachImportRefused(
      'src/model/new-model.ts',
      [
        ['../config/resolve.js', 'ResolvedConfig'],
        ['../../templates/theme-overrides.js', 'ThemeOverrides'],
      ],
      'src/model is the types of the site model, the bottom layer',
      'type',
    );
    expect(await lintAt('src/model/new-model.ts', "import type { ResolvedConfig } from './config.js';\nexport type Used = ResolvedConfig;\n")).toEqual([]);
  });

  it('keeps the model below the engine: the engine\'s type reaches it through its slot', async () => {
    await expectEachImportRefused(
      'src/model/new-model.ts',
      [
        ['../engine/query-engine.js', 'QueryEngine'],
        ['../engine/fingerprint.js', 'fingerprintOf'],
      ],
      'never the engine',
      'type',
    );
    expect(await lintAt('src/model/new-model.ts', "import type { QueryEngine } from './engine.js';\nexport type Used = QueryEngine;\n")).toEqual([]);
  });

  it('keeps the markdown library at the bottom: no core, config, ssr, templates or stage', async () => {
    await expectEachImportRefused(
      'src/markdown/new-plugin.ts',
      [
        ['../core/site.js', 'createSite'],
        ['../config/locate-key.js', 'locateKey'],
        ['../ssr/content-html.js', 'hastToHtml'],
        ['../content/parse-doc.js', 'parseDoc'],
        ['../../templates/markdown-components.js', 'markdownComponents'],
      ],
      'src/markdown is the markdown library that docs, TSDoc and MDX share',
    );
    expect(await lintAt('src/markdown/new-plugin.ts', "import type { ContentSection } from '../model/compiled-doc.js';\nimport { fenceRoles } from './code-fences.js';\nexport type Section = ContentSection;\nexport const roles = fenceRoles;\n")).toEqual([]);
  });

  it('lets ssr render templates over core, but never import a stage; core never imports ssr', async () => {
    expect(await lintAt('src/ssr/new-render.ts', "import { markdownComponents } from '../../templates/markdown-components.js';\nimport { createSite } from '../core/site.js';\nexport const use = [markdownComponents, createSite];\n")).toEqual([]);
    const stage = await lintAt('src/ssr/new-render.ts', "import { renderPages } from '../render/render-pages.js';\nexport const use = renderPages;\n");
    expect(stage).toHaveLength(1);
    expect(stage[0]).toContain('src/ssr renders React on the server for the stages');
    const core = await lintAt('src/core/new-model.ts', "import { renderToHtml } from '../ssr/content-html.js';\nexport const use = renderToHtml;\n");
    expect(core).toHaveLength(1);
    expect(core[0]).toContain('src/core sits below src/ssr');
    const template = await lintAt('templates/NewPart.tsx', "import { renderToHtml } from '../src/ssr/content-html.js';\nexport const use = renderToHtml;\n");
    expect(template.join('\n')).toContain('Runs in the browser');
  });

  it('refuses core importing a stage', async () => {
    const messages = await lintAt('src/core/new-model.ts', "import type { ParseTask } from '../content/parse-task.js';\nexport type Task = ParseTask;\n");
    expect(messages.join('\n')).toContain('src/core holds the Site model');
  });

  it('refuses the engine importing a stage, the model or what runs it', async () => {
    await expectEachImportRefused(
      'src/engine/new-query.ts',
      [
        ['../content/compile-docs.js', 'compileOnThread'],
        ['../core/site.js', 'afterPublished'],
        ['../pipeline/build.js', 'build'],
      ],
      'src/engine runs queries for every stage and knows none of them',
    );
  });

  it("lets the engine use core's diagnostics, and a stage use the engine", async () => {
    expect(await lintAt('src/engine/new-query.ts', "import type { Diagnostic } from '../core/diagnostic.js';\nexport type Problem = Diagnostic;\n")).toEqual([]);
    expect(await lintAt('src/content/new-query.ts', "import { createQueryEngine } from '../engine/query-engine.js';\nexport const make = createQueryEngine;\n")).toEqual([]);
  });

  it('refuses the engine writing files outside its store', async () => {
    const messages = await lintAt('src/engine/new-query.ts', "import { writeFileSync } from 'node:fs';\nexport const write = writeFileSync;\n");
    expect(messages.join('\n')).toContain('Only src/write writes files');
    const dynamic = await lintAt('src/engine/new-query.ts', "export async function store() {\n  const fs = await import('node:fs/promises');\n  return fs.writeFile;\n}\n");
    expect(dynamic.join('\n')).toContain('Only src/write writes files');
    expect(await lintAt('src/engine/engine-store.ts', "import { writeFileSync } from 'node:fs';\nexport const write = writeFileSync;\n")).toEqual([]);
  });

  it('refuses a stage or core writing files itself, pointing to the output sink', async () => {
    for (const file of ['src/render/new-writer.ts', 'src/search/new-index.ts', 'src/content/mdx/new-part.ts', 'src/core/new-store.ts']) {
      const messages = await lintAt(file, "import { mkdirSync, writeFileSync } from 'node:fs';\nexport const write = [mkdirSync, writeFileSync];\n");
      expect(messages, file).toHaveLength(2);
      expect(messages[0]).toContain('no-restricted-imports');
      expect(messages[0]).toContain('Only src/write writes files');
      expect(messages[0]).toContain('output sink');
    }
  });

  it('refuses the whole of node:fs/promises in a stage, which would let it write', async () => {
    const messages = await lintAt('src/api/new-loader.ts', "import fs from 'node:fs/promises';\nexport const read = fs.readFile;\n");
    expect(messages.join('\n')).toContain('Only src/write writes files');
  });

  it('refuses a dynamic import of node:fs in a stage, which would get past the import rule', async () => {
    const messages = await lintAt('src/mermaid/new-cache.ts', "export async function store() {\n  const fs = await import('node:fs/promises');\n  return fs.writeFile;\n}\n");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('Only src/write writes files');
  });

  it('refuses render reaching into src/write, now that pages go to the output sink', async () => {
    const messages = await lintAt('src/render/new-pages.ts', "import { createFolderWriter } from '../write/folder-writer.js';\nexport const writer = createFolderWriter;\n");
    expect(messages.join('\n')).toContain('src/render is a stage');
  });

  it('lets a stage read files and src/write write them', async () => {
    expect(await lintAt('src/links/new-check.ts', "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n")).toEqual([]);
    expect(await lintAt('src/write/new-sink.ts', "import { writeFileSync } from 'node:fs';\nexport const write = writeFileSync;\n")).toEqual([]);
  });

  it('lets a stage import core, config and shared', async () => {
    const messages = await lintAt(
      'src/links/new-check.ts',
      "import type { Site } from '../core/site.js';\nimport type { ResolvedConfig } from '../config/resolve.js';\nimport { joinUrlPath } from '../shared/paths.js';\nexport type Both = [Site, ResolvedConfig];\nexport const join = joinUrlPath;\n",
    );
    expect(messages).toEqual([]);
  });
});

describe('the tests are linted too', () => {
  it('finds an unused import in a test file', async () => {
    const messages = await lintAt('tests/new-check.test.ts', "import { readFile, writeFile } from 'node:fs/promises';\nexport const write = writeFile;\n");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("@typescript-eslint/no-unused-vars: 'readFile' is defined but never used");
  });

  it('refuses a focused test, which would skip the rest of its file in CI', async () => {
    const messages = await lintAt('tests/browser/new-check.test.ts', "import { it } from 'vitest';\nit.only('runs alone', () => {});\n");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('no-restricted-properties');
    expect(messages[0]).toContain('remove `.only`');
  });

  it('lets a test import any stage and write its fixtures', async () => {
    const code =
      "import { writeFile } from 'node:fs/promises';\nimport { renderPages } from '../src/render/render-pages.js';\nimport { generateApi } from '../src/api/generate-api.js';\nexport const all = [writeFile, renderPages, generateApi];\n";
    expect(await lintAt('tests/new-check.test.ts', code)).toEqual([]);
  });
});
