import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/browser.js';
import { buildSite, pageHtml, writeSiteFiles } from './helpers/site.js';
import { layoutProviderSiteFiles } from './helpers/layout-provider-site.js';

type Built = Awaited<ReturnType<typeof buildSite>>;

// Found on contributing.bitwarden.com: its src/theme/Layout/Provider wraps the theme's with a
// "dev mode" context (built with theme-common's composeProviders, createStorageSlot and
// ReactContextError), which 18 docs' components and a navbar item read. sdkdocs had no such slot
// nor those three exports: the overrides did not compile, and past that every such doc threw.
describe('a site\'s src/theme/Layout/Provider and the context it gives', () => {
  let result: Built;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-layout-provider-');
    cleanup = made.cleanup;
    await writeSiteFiles(made.dir, layoutProviderSiteFiles);
    result = await buildSite(made.dir, { until: 'renderPages' });
  }, 120_000);
  afterAll(() => cleanup?.());

  it("gives its context to MDX docs' components", () => {
    expect(result.site.diagnostics.filter((d) => d.severity === 'error' || d.code === 'theme-override')).toEqual([]);
    expect(pageHtml(result, '/docs/intro')).toContain('Reading as <b class="mode">reader</b>.');
  });

  it("draws a navbar item that renders the theme's DropdownNavbarItem inside the provider", () => {
    const navbar = pageHtml(result, '/docs/intro').split('<div class="main-wrapper">')[0];
    expect(navbar).toMatch(/<div class="navbar-item navbar-dropdown">.*Mode: reader.*<ul class="dropdown-menu">/s);
    expect([...navbar.matchAll(/<a href="#" class="dropdown-link">([^<]+)<\/a>/g)].map((match) => match[1])).toEqual(['reader', 'writer']);
  });
});

describe("theme-common's helpers for a site's own context", () => {
  it('name the provider a hook was used outside of', async () => {
    const { ReactContextError, composeProviders } = await import('../templates/theme/docusaurus/theme-common.js');
    function useDevMode() {
      return new ReactContextError('DevModeProvider', 'Wrap the page in it.');
    }
    expect(useDevMode().message).toBe('Hook useDevMode is called outside the <DevModeProvider>. Wrap the page in it.');
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { createElement } = await import('react');
    const Outer = ({ children }: { children: unknown }) => createElement('section', null, children as never);
    const Inner = ({ children }: { children: unknown }) => createElement('div', null, children as never);
    expect(renderToStaticMarkup(createElement(composeProviders([Outer, Inner]), null, 'x'))).toBe('<section><div>x</div></section>');
  });
});
