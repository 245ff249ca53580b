import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDiagnostic, UserError, type Diagnostic } from '../src/core/diagnostic.js';
import { buildSite, copySite, fixture } from './helpers/site.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function fixtureCopy(): Promise<string> {
  const copy = await copySite(fixture('api-basic'));
  cleanups.push(copy.cleanup);
  return copy.dir;
}

/** Rewrites the copy's config. */
async function editConfig(dir: string, from: string, to: string): Promise<string> {
  const file = path.join(dir, 'sdkdocs.config.ts');
  const text = await readFile(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${from} not in the config`);
  await writeFile(file, text.replace(from, to));
  return file;
}

/** The diagnostics a failed build reported. */
async function failure(dir: string): Promise<Diagnostic[]> {
  try {
    await buildSite(dir, { until: 'generateApi' });
  } catch (error) {
    if (error instanceof UserError) return error.diagnostics;
    throw error;
  }
  throw new Error('the build did not fail');
}

const typeError = "\nexport const WRONG: number = 'ten';\n";

describe('errors of the API stage', () => {
  it("fails on a TypeScript error in the SDK with the compiler's file:line:col", async () => {
    const dir = await fixtureCopy();
    const file = path.join(dir, 'sdk', 'src', 'helpers.ts');
    await appendFile(file, typeError);
    const line = (await readFile(file, 'utf8')).split('\n').indexOf("export const WRONG: number = 'ten';") + 1;
    const diagnostics = await failure(dir);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: 'error', code: 'typescript', file, line, column: 14 });
    expect(formatDiagnostic(diagnostics[0], { cwd: dir })).toBe(
      `sdk/src/helpers.ts:${line}:14 error TS2322: Type 'string' is not assignable to type 'number'. Fix the SDK source, or set \`api.skipTypeCheck: true\` for third-party sources whose dependencies are not installed.`,
    );
  });

  it('documents sources that do not type-check when api.skipTypeCheck is on', async () => {
    const dir = await fixtureCopy();
    await appendFile(path.join(dir, 'sdk', 'src', 'helpers.ts'), typeError);
    await appendFile(path.join(dir, 'sdk', 'src', 'index.ts'), "export { WRONG } from './helpers.js';\n");
    await editConfig(dir, 'checkDocSamples: true,', 'checkDocSamples: true,\n    skipTypeCheck: true,');
    const result = await buildSite(dir, { until: 'generateApi' });
    expect(result.site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.site.pages.some((page) => page.route === '/sdk/api/variable/WRONG')).toBe(true);
  });

  it('names the config key and the path of a missing entry point', async () => {
    const dir = await fixtureCopy();
    const config = await editConfig(dir, "entryPoints: ['sdk/src/index.ts']", "entryPoints: ['sdk/src/index.ts', 'sdk/src/missing.ts']");
    const diagnostics = await failure(dir);
    expect(diagnostics).toHaveLength(1);
    const line = (await readFile(config, 'utf8')).split('\n').findIndex((text) => text.includes('sdk/src/missing.ts')) + 1;
    expect(diagnostics[0]).toMatchObject({ severity: 'error', file: config, line });
    expect(diagnostics[0].message).toBe(
      `api.entryPoints[1]: the entry point sdk/src/missing.ts does not exist (looked for ${path.join(dir, 'sdk', 'src', 'missing.ts')}).`,
    );
  });

  it("points at the tsconfig when TypeScript cannot use it, e.g. a package's tsconfig extending an unpublished base", async () => {
    const dir = await fixtureCopy();
    const tsconfig = path.join(dir, 'sdk', 'tsconfig.json');
    const settings = JSON.parse(await readFile(tsconfig, 'utf8')) as Record<string, unknown>;
    await writeFile(tsconfig, JSON.stringify({ extends: '../../tsconfig.base.json', ...settings }));
    const diagnostics = await failure(dir);
    expect(diagnostics).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        code: 'typescript',
        file: tsconfig,
        message: `TS5083: Cannot read file '${path.resolve(dir, '..', 'tsconfig.base.json')}'.`,
        hint: expect.stringContaining('give `api.tsconfig` a tsconfig of the site'),
      }),
    );
  });

  it('places TS2688 (types that are not installed) at the entry of compilerOptions.types, also in an extended tsconfig', async () => {
    const dir = await fixtureCopy();
    const tsconfig = path.join(dir, 'sdk', 'tsconfig.json');
    const settings = JSON.parse(await readFile(tsconfig, 'utf8')) as { compilerOptions: Record<string, unknown> };
    await writeFile(path.join(dir, 'sdk', 'tsconfig.base.json'), '{\n  "compilerOptions": {\n    "types": [\n      "@docusaurus/module-type-aliases"\n    ]\n  }\n}\n');
    const { types: _dropped, ...rest } = settings.compilerOptions;
    await writeFile(tsconfig, JSON.stringify({ ...settings, extends: './tsconfig.base', compilerOptions: rest }, null, 2));
    const printed = (await failure(dir)).map((diagnostic) => formatDiagnostic(diagnostic, { cwd: dir }));
    expect(printed).toEqual([
      "sdk/tsconfig.base.json:4:7 error TS2688: Cannot find type definition file for '@docusaurus/module-type-aliases', which compilerOptions.types names. Install it where the SDK's packages are (`npm install -D @docusaurus/module-type-aliases`), or take '@docusaurus/module-type-aliases' out of compilerOptions.types.",
    ]);
  });

  it('names a missing tsconfig', async () => {
    const dir = await fixtureCopy();
    await editConfig(dir, "tsconfig: 'sdk/tsconfig.json'", "tsconfig: 'sdk/tsconfig.build.json'");
    const [diagnostic] = await failure(dir);
    expect(diagnostic.message).toMatch(/^api\.tsconfig: the tsconfig sdk\/tsconfig\.build\.json does not exist/);
  });
});
