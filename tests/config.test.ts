import { describe, expect, it } from 'vitest';
import { loadConfig, validateConfig } from '../src/config/load.js';
import { locateKey } from '../src/config/locate-key.js';
import { UserError } from '../src/core/diagnostic.js';
import { exampleSiteDir, fixture } from './helpers/site.js';

const base = { title: 'Kit', url: 'https://kit.example.com', baseUrl: '/sdk/' };

function messagesOf(config: unknown): string {
  try {
    validateConfig(config, '/site/sdkdocs.config.ts');
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    return (error as UserError).diagnostics.map((d) => `${d.message}${d.hint ? ` ${d.hint}` : ''}`).join('\n');
  }
  throw new Error('config was accepted');
}

describe('config validation', () => {
  it('fills the defaults a Docusaurus user expects', () => {
    const config = validateConfig(base, 'x');
    expect(config.docs.routeBasePath).toBe('docs');
    expect(config.tableOfContents).toEqual({ minHeadingLevel: 2, maxHeadingLevel: 3 });
    expect(config.onBrokenLinks).toBe('throw');
    expect(config.onBrokenMarkdownLinks).toBe('warn');
    expect(config.i18n.defaultLocale).toBe('en');
    expect(config.colorMode.defaultMode).toBe('light');
  });

  it('defaults navbar item position to right', () => {
    const config = validateConfig({ ...base, navbar: { items: [{ label: 'A', to: '/a' }] } }, 'x');
    expect(config.navbar.items[0].position).toBe('right');
  });

  it('names an unknown key and suggests the closest one', () => {
    expect(messagesOf({ ...base, titel: 'x' })).toMatchInlineSnapshot(`"titel: unknown key. Did you mean "title"?"`);
    expect(messagesOf({ ...base, docs: { sidbar: {} } })).toMatchInlineSnapshot(`"docs.sidbar: unknown key. Did you mean "sidebar"?"`);
  });

  it('says what was expected and what was found for a wrong type', () => {
    expect(messagesOf({ ...base, tableOfContents: { minHeadingLevel: '2' } })).toMatchInlineSnapshot(
      `"tableOfContents.minHeadingLevel: expected number, found "2"."`,
    );
    expect(messagesOf({ ...base, onBrokenLinks: 'explode' })).toMatchInlineSnapshot(
      `"onBrokenLinks: expected one of "throw" | "warn" | "ignore", found "explode"."`,
    );
    expect(messagesOf({ ...base, navbar: { items: [{ label: 'A', to: '/a', position: 'center' }] } })).toMatchInlineSnapshot(
      `"navbar.items[0].position: expected one of "left" | "right", found "center"."`,
    );
  });

  it('rejects a navbar item of unknown type with the theme message', () => {
    expect(messagesOf({ ...base, navbar: { items: [{ type: 'x', label: 'A' }] } })).toContain(
      'navbar.items[0].type: No NavbarItem component found for type "x"',
    );
  });

  it('requires what each navbar item type needs', () => {
    expect(messagesOf({ ...base, navbar: { items: [{ type: 'docSidebar', label: 'Docs' }] } })).toContain(
      'navbar.items[0].sidebarId: a docSidebar item needs "sidebarId"',
    );
  });

  it('checks baseUrl form', () => {
    expect(messagesOf({ ...base, baseUrl: 'sdk' })).toContain('baseUrl must start and end with "/"');
  });

  it('locates a key path in the config source', () => {
    const source = "export default {\n  title: 'x',\n  navbar: {\n    items: [\n      { label: 'A', position: 'center' },\n    ],\n  },\n};\n";
    expect(locateKey(source, ['navbar', 'items', 0, 'position'])).toEqual({ line: 5, column: 21 });
    const items = "export default defineConfig({\n  navbar: { items: [\n    { label: 'A', position: 'left' },\n    { label: 'B', position: 'center' },\n    { label: 'C' },\n  ] },\n});\n";
    expect(locateKey(items, ['navbar', 'items', 1, 'position'])).toEqual({ line: 4, column: 19 });
    expect(locateKey(items, ['navbar', 'items', 2, 'to'])).toEqual({ line: 5, column: 5 });
  });
});

describe('loadConfig', () => {
  it('compiles and resolves the example site config', async () => {
    const config = await loadConfig(exampleSiteDir);
    expect(config.title).toBe('Playkit');
    expect(config.tagline).toBe('Delightful game development toolkit');
    expect(config.routes).toEqual({ root: '/sdk/', docs: '/sdk/docs', api: '/sdk/api' });
    expect(config.paths.siteOut.endsWith('/example-site/out/sdk')).toBe(true);
  });

  it('reports an unknown key at its line in the config file', async () => {
    const error = (await loadConfig(fixture('unknown-config-key')).catch((e: unknown) => e)) as UserError;
    expect(error).toBeInstanceOf(UserError);
    expect(error.diagnostics[0]).toMatchObject({ line: 7, column: 3, message: 'tagLine: unknown key.', hint: 'Did you mean "tagline"?' });
  });

  it('reports each invalid array item at its own line, not at the first item', async () => {
    const error = (await loadConfig(fixture('config-array-items')).catch((e: unknown) => e)) as UserError;
    expect(error).toBeInstanceOf(UserError);
    expect(error.diagnostics.map(({ message, line, column }) => ({ message: message.split(':')[0], line, column }))).toEqual([
      { message: 'navbar.items[1].position', line: 9, column: 44 },
      { message: 'navbar.items[2].sidebarId', line: 10, column: 7 },
    ]);
  });

  it('says when there is no config file', async () => {
    const error = (await loadConfig(fixture('basic/docs')).catch((e: unknown) => e)) as UserError;
    expect(error.message).toContain('No sdkdocs.config.ts (nor a docusaurus.config.js) in');
  });
});
