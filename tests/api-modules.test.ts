import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SidebarItem } from '../src/shared/types.js';
import { buildSite, copySite, fixture, pageHtml } from './helpers/site.js';

/** A sidebar as nested labels: `['Overview', {client: [{Connection: ['Connection', 'connect']}]}]`. */
function outline(items: SidebarItem[]): unknown[] {
  return items.map((item) => (item.type === 'category' ? { [item.label]: outline(item.items) } : item.label));
}

describe('API of an SDK with two entry modules, @category and @group', () => {
  let site: { dir: string; cleanup: () => Promise<void> };
  let result: Awaited<ReturnType<typeof buildSite>>;
  beforeAll(async () => {
    site = await copySite(fixture('api-modules'));
    result = await buildSite(site.dir, { until: 'renderPages' });
  }, 120_000);
  afterAll(() => site.cleanup());

  it('gives each module its own part of the sidebar, grouped by category or kind and @group', () => {
    expect(outline(result.site.sidebars.api)).toEqual([
      'Overview',
      {
        client: [{ Connection: ['Connection', 'connect'] }, { Other: ['legacyConnect'] }, { Wallet: ['Wallet'] }],
      },
      {
        server: [{ Classes: ['Connection', 'Room'] }, { Factories: ['createRoom'] }],
      },
    ]);
  });

  it('gives a second declaration of one name a route that names its module', () => {
    const routes = result.site.pages.map((page) => page.route);
    expect(routes).toEqual(expect.arrayContaining(['/api/class/Connection', '/api/class/server/Connection', '/api/function/createRoom']));
    const server = result.site.sidebars.api[2];
    expect(server.type === 'category' && server.items[0].type === 'category' && server.items[0].items[0]).toMatchObject({ to: '/api/class/server/Connection' });
  });

  it('gives each module a section on /api with its comment and its groups below it', () => {
    const html = pageHtml(result, '/api');
    const client = html.indexOf('<h2 id="client"');
    const server = html.indexOf('<h2 id="server"');
    expect(client).toBeGreaterThan(-1);
    expect(server).toBeGreaterThan(client);
    const clientPart = html.slice(client, server);
    expect(clientPart).toContain('What runs in the game.');
    // Each declaration with the first paragraph of its comment.
    expect(clientPart).toMatch(/<code>connect<\/code><\/a><\/dt><dd><div><p>Opens a connection.<\/p><\/div><\/dd>/);
    expect(clientPart).toMatch(/<h3 id="client-connection"[\s\S]*Connection[\s\S]*<h3 id="client-other"[\s\S]*legacyConnect[\s\S]*<h3 id="client-wallet"/);
    expect(html.slice(server)).toMatch(/<h3 id="server-classes"[\s\S]*<h3 id="server-factories"[\s\S]*createRoom/);
    const page = result.site.pages.find((p) => p.route === '/api')!;
    expect(page.data.toc.map((item) => `${item.depth} ${item.id}`)).toEqual([
      '2 client',
      '3 client-connection',
      '3 client-other',
      '3 client-wallet',
      '2 server',
      '3 server-classes',
      '3 server-factories',
    ]);
  });

  it('groups members by @category as TypeDoc does', () => {
    const html = pageHtml(result, '/api/interface/Wallet');
    expect(html).toMatch(/<h2 id="money"[\s\S]*<h3 id="balance"[\s\S]*<h3 id="currency"[\s\S]*<h2 id="other"[\s\S]*<h3 id="label"/);
    expect(html).not.toContain('api-tag-category');
    expect(pageHtml(result, '/api/function/connect')).not.toContain('api-tag-category');
  });

  it('names the module in the breadcrumbs of its symbols', () => {
    const page = result.site.pages.find((p) => p.route === '/api/class/server/Connection')!;
    expect(page.data.breadcrumbs.map((crumb) => crumb.label)).toEqual(['Home page', 'API Reference', 'server', 'Classes', 'Connection']);
  });

  it('strikes a deprecated declaration through in the sidebar and the index, and says so to screen readers', () => {
    expect(pageHtml(result, '/api')).toContain(
      '<a href="/api/function/legacyConnect" class="api-deprecated-name"><code>legacyConnect</code><span class="sr-only"> (deprecated)</span></a>',
    );
    expect(pageHtml(result, '/api/function/connect')).toMatch(
      /<li class="menu-item menu-item-level-3 api-deprecated"><a [^>]*href="\/api\/function\/legacyConnect"[^>]*>legacyConnect<span class="sr-only"> \(deprecated\)<\/span><\/a>/,
    );
  });
});
