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
