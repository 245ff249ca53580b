import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, copySite, fixture, pageHtml } from './helpers/site.js';

type Built = Awaited<ReturnType<typeof buildSite>>;

/** The links of a page's article into the API reference, as "text -> href". */
function apiLinks(result: Built, route: string): string[] {
  const article = pageHtml(result, route);
  return [...article.matchAll(/<a href="(\/api\/[^"]*)"(?![^>]*(?:menu-link|pagination))[^>]*>([\s\S]*?)<\/a>/g)].map(
    ([, href, text]) => `${text.replace(/<[^>]+>/g, '')} -> ${href}`,
  );
}

// Cases found on real SDKs (supabase-auth, colyseus): each link showed a name the page it led to
// does not have.
describe('links that show the name of the declaration they lead to', () => {
  let site: { dir: string; cleanup: () => Promise<void> };
  let result: Built;
  beforeAll(async () => {
    site = await copySite(fixture('api-link-names'));
    result = await buildSite(site.dir, { until: 'renderPages' });
  });
  afterAll(() => site.cleanup());

  it('names a default-exported class by its own name, not `default`', () => {
    const links = apiLinks(result, '/api/variable/AdminApi');
    expect(links).toContain('AdminClient -> /api/class/AdminClient');
    expect(links.filter((link) => link.startsWith('default '))).toEqual([]);
  });

  it('names the interface that declares a member inherited through Omit', () => {
    const links = apiLinks(result, '/api/interface/AdminAttributes');
    expect(links).toContain('UserAttributes.email -> /api/interface/UserAttributes#email');
    expect(links.filter((link) => link.startsWith('Omit.'))).toEqual([]);
  });

  // ably: `requestToken(TokenParams?: TokenParams)`, whose comment links {@link TokenParams}.
  it('links a name to the exported declaration, not to a parameter of the same name', () => {
    expect(apiLinks(result, '/api/function/update')).toContain('UserAttributes -> /api/interface/UserAttributes');
    expect(apiLinks(result, '/api/function/update').filter((link) => link.includes('/api/function/update'))).toEqual([]);
  });

  it('leaves a {@link} that TypeDoc resolved to another name unlinked, and reports it at its comment line', () => {
    const links = apiLinks(result, '/api/function/send');
    expect(links).toEqual(['UserAttributes.email -> /api/interface/UserAttributes#email']);
    expect(pageHtml(result, '/api/function/send')).toContain('Modifier.TIMED');
    const broken = result.site.diagnostics.filter((d) => d.message.includes('Modifier.TIMED'));
    expect(broken.map((d) => [d.severity, path.relative(site.dir, d.file!), d.line, d.column])).toEqual([
      ['warning', path.join('sdk', 'src', 'index.ts'), 27, 25],
    ]);
  });
});
