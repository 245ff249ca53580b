import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, copySite, fixture, pageHtml } from './helpers/site.js';

describe('structure of API pages: inherited, protected and deprecated declarations', () => {
  let site: { dir: string; cleanup: () => Promise<void> };
  let result: Awaited<ReturnType<typeof buildSite>>;
  beforeAll(async () => {
    site = await copySite(fixture('api-structure'));
    result = await buildSite(site.dir, { until: 'renderPages' });
  });
  afterAll(() => site.cleanup());

  /** The page's HTML split into the class's own part and each collapsed group. */
  const parts = (route: string) => {
    const html = pageHtml(result, route);
    const firstGroup = html.indexOf('class="api-member-group"');
    const own = firstGroup === -1 ? html : html.slice(0, html.lastIndexOf('<details', firstGroup));
    const group = (id: string) => /<details id="([^"]+)"[^>]*>[\s\S]*?<\/details>/g.exec(html.slice(html.indexOf(`<details id="${id}"`)))?.[0] ?? '';
    return { own, group };
  };

  it('puts members inherited from outside the SDK under a collapsed Inherited group, naming where they are declared', () => {
    const { own, group } = parts('/api/class/TimeoutError');
    expect(own).toContain('<h3 id="waited"');
    expect(own).toMatch(/<h3 id="code"[\s\S]*?Inherited from <a href="\/api\/class\/ServerError#code">/);
    const inherited = group('inherited');
    expect(inherited).toMatch(/^<details id="inherited" class="api-member-group"><summary class="api-member-group-title">Inherited<\/summary>/);
    for (const name of ['message', 'name', 'stack']) {
      expect(own).not.toContain(`<h3 id="${name}"`);
      expect(inherited).toContain(`<h3 id="${name}"`);
    }
    // TypeDoc names the direct parent (ServerError), which inherited it in turn.
    expect(inherited).toContain('Inherited from <code>Error.message</code>');
  });

  it('puts protected members under a collapsed Protected group', () => {
    const { own, group } = parts('/api/class/ServerError');
    expect(own).not.toContain('<h3 id="formatcode"');
    expect(group('protected')).toMatch(/^<details id="protected" class="api-member-group"><summary class="api-member-group-title">Protected<\/summary>[\s\S]*<h3 id="formatcode"/);
  });

  it('keeps members in collapsed groups as link targets', () => {
    const page = result.site.pages.find((p) => p.route === '/api/class/TimeoutError')!;
    expect([...page.anchors]).toEqual(expect.arrayContaining(['message', 'formatcode', 'inherited', 'protected']));
    expect(result.site.diagnostics.filter((d) => /anchor|Broken/.test(d.message))).toEqual([]);
  });

  it('strikes deprecated declarations through in the index and the sidebar', () => {
    expect(pageHtml(result, '/api')).toContain(
      '<a href="/api/class/LegacyClient" class="api-deprecated-name"><code>LegacyClient</code><span class="sr-only"> (deprecated)</span></a>',
    );
    const classes = result.site.sidebars.api.find((item) => item.type === 'category' && item.label === 'Classes');
    expect(classes?.type === 'category' && classes.items).toEqual(
      expect.arrayContaining([
        { type: 'link', label: 'LegacyClient', to: '/api/class/LegacyClient', className: 'api-deprecated', deprecated: true },
        { type: 'link', label: 'ServerError', to: '/api/class/ServerError' },
      ]),
    );
  });
});
