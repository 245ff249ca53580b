import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { buildSite, copySite, fixture, pageHtml } from './helpers/site.js';

type Built = Awaited<ReturnType<typeof buildSite>>;

/** Every type link on the API pages: its text and the name of the page it goes to. */
function typeLinks(result: Built): { route: string; text: string; target: string }[] {
  return result.site.pages
    .filter((page) => page.kind === 'api')
    .flatMap((page) =>
      [...pageHtml(result, page.route).matchAll(/<a href="([^"]+)" class="api-type-link[^"]*">([^<]*)<\/a>/g)].map(([, href, text]) => ({
        route: page.route,
        text,
        target: decodeURIComponent(href.split('#')[0].split('/').pop()!),
      })),
    );
}

describe('a type from a dependency that is not installed', () => {
  let site: { dir: string; cleanup: () => Promise<void> };
  let result: Built;
  beforeAll(async () => {
    site = await copySite(fixture('api-unresolved'));
    result = await buildSite(site.dir, { until: 'renderPages' });
  });
  afterAll(() => site.cleanup());

  it('links no name to a page of another name, and never links unknown', () => {
    const links = typeLinks(result);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((link) => link.text.split('.').pop() !== link.target.split('.').pop())).toEqual([]);
    expect(links.some((link) => link.text === 'unknown')).toBe(false);
  });

  it('shows the base class by the name written in the source, unlinked', () => {
    const client = pageHtml(result, '/api/class/Client');
    expect(client).toMatch(/ extends <\/span><span class="api-token-type">EventEmitter<\/span>/);
    expect(pageHtml(result, '/api/type/Frame')).not.toContain('Extended by');
  });

  it('is one warning, at the declaration that uses it, naming the import', () => {
    const warnings = result.site.diagnostics.filter((d) => d.code === 'api-unresolved-type');
    expect(warnings).toEqual([
      {
        severity: 'warning',
        code: 'api-unresolved-type',
        message: "The type `EventEmitter` cannot be resolved (imported from 'events-not-installed'), so it is shown without a link.",
        file: path.join(site.dir, 'sdk', 'src', 'index.ts'),
        line: 13,
        column: 14,
        hint: "Install 'events-not-installed' where the SDK's tsconfig can find it, or leave it: the API pages name the type without linking it.",
      },
    ]);
  });
});

describe('diagnostics of the SDK comments', () => {
  let site: { dir: string; cleanup: () => Promise<void> };
  let result: Built;
  const sdkFile = () => path.join(site.dir, 'sdk', 'src', 'index.ts');
  beforeAll(async () => {
    site = await copySite(fixture('api-diagnostics'));
    result = await buildSite(site.dir, { until: 'checkLinks' });
  });
  afterAll(() => site.cleanup());

  const brokenLinks = () =>
    result.site.diagnostics.filter((d) => /Broken link/.test(d.message)).map((d) => ({ target: /→ (.*?):/.exec(d.message)?.[1], file: d.file, line: d.line, column: d.column }));

  it('reports each broken {@link} once, at the comment line that holds it', () => {
    const file = sdkFile();
    expect(brokenLinks()).toEqual(
      expect.arrayContaining([
        // A function's summary shows on the index too; an inherited member's comment on both classes.
        { target: 'MissingOne', file, line: 4, column: 22 },
        { target: 'MissingTwo | the sizes', file, line: 6, column: 31 },
        { target: 'MissingThree', file, line: 19, column: 11 },
        { target: 'MissingFour', file, line: 33, column: 14 },
        // On the same line as the enum member: the column of the link, not of the member.
        { target: 'MissingSix', file, line: 40, column: 17 },
        // Split over two comment lines, two lines above the declaration.
        { target: 'MissingFive', file, line: 45, column: 4 },
      ]),
    );
    expect(brokenLinks()).toHaveLength(6);
  });

  it('gives an unknown block tag its place and a way to declare it', () => {
    const unknownTag = result.site.diagnostics.filter((d) => /unknown block tag/.test(d.message));
    expect(unknownTag).toEqual([
      {
        severity: 'warning',
        code: 'typedoc',
        message: 'Encountered an unknown block tag @subcategory.',
        file: sdkFile(),
        line: 7,
        column: 4,
        hint: 'If @subcategory is a tag of yours, add it to `api.typedocOptions.blockTags` in the config (or declare it in a tsdoc.json next to the SDK\'s tsconfig: { "tagDefinitions": [{ "tagName": "@subcategory", "syntaxKind": "block" }] }); otherwise fix its spelling.',
      },
    ]);
  });

  it('reports a type used by the API but not exported at the declaration that uses it, with a fix', () => {
    const unexported = result.site.diagnostics.filter((d) => d.code === 'api-not-exported');
    expect(unexported).toEqual([
      {
        severity: 'warning',
        code: 'api-not-exported',
        message: 'Hidden, defined in diag-sdk/src/hidden.ts, is referenced by make but not included in the documentation.',
        file: sdkFile(),
        line: 9,
        column: 17,
        hint: "Export `Hidden` from a file in api.entryPoints so it gets a page, or list it in the tsconfig's typedocOptions.intentionallyNotExported if it is meant to stay private.",
      },
    ]);
  });
});
