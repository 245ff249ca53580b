import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/pipeline/build.js';
import type { Page } from '../src/core/site.js';
import { exampleSiteDir, sharedInMemoryBuild, pageHtml } from './helpers/site.js';

/** The nine symbol pages the spec lists for the example site. */
const specPages = [
  '/sdk/api/class/I18n',
  '/sdk/api/class/PlaykitSdk',
  '/sdk/api/class/RgsError',
  '/sdk/api/class/TimeoutError',
  '/sdk/api/enum/CurrencyFormat',
  '/sdk/api/enum/CurrencyNumber',
  '/sdk/api/interface/FormatCurrencyOptions',
  '/sdk/api/interface/ForwardToPluginsMessageMap',
  '/sdk/api/interface/SdkConfig',
];

let result: BuildResult;
const html = (route: string) => pageHtml(result, route);
const page = (route: string): Page => {
  const found = result.site.pages.find((p) => p.route === route);
  if (!found) throw new Error(`no page ${route}`);
  return found;
};
/** The HTML of one member: from its heading to the next member's heading. */
const memberHtml = (route: string, id: string): string => {
  const text = html(route);
  const start = text.indexOf(`<h3 id="${id}"`);
  if (start === -1) throw new Error(`no member #${id} on ${route}`);
  const end = text.indexOf('<h3 id="', start + 1);
  return text.slice(start, end === -1 ? undefined : end);
};
const sdkFile = (name: string) => path.join(exampleSiteDir, 'sdk', 'src', name);
const lineOf = (file: string, text: string) => readFileSync(file, 'utf8').split('\n').findIndex((line) => line.includes(text)) + 1;

beforeAll(async () => {
  result = await sharedInMemoryBuild(exampleSiteDir, 'renderPages');
});

describe('API reference of the example site', () => {
  it('emits exactly the nine API pages of the spec and the API root', () => {
    const routes = result.site.pages.filter((p) => p.kind === 'api').map((p) => p.route);
    expect(routes.sort()).toEqual(['/sdk/api', ...specPages].sort());
    for (const route of ['/sdk/api', ...specPages]) expect(html(route).slice(0, 15).toLowerCase()).toBe('<!doctype html>');
  });

  it('builds without errors or TypeDoc warnings', () => {
    expect(result.site.diagnostics.filter((d) => d.severity === 'error' || d.code === 'typedoc' || d.code === 'typescript')).toEqual([]);
  });

  it('lists every symbol on the index, grouped by kind, with its summary', () => {
    const index = html('/sdk/api');
    const classes = index.indexOf('id="classes"');
    const enums = index.indexOf('id="enums"');
    const interfaces = index.indexOf('id="interfaces"');
    expect(classes).toBeGreaterThan(-1);
    expect(enums).toBeGreaterThan(classes);
    expect(interfaces).toBeGreaterThan(enums);
    expect(index.slice(classes, enums)).toMatch(/href="\/sdk\/api\/class\/RgsError"[\s\S]*A request to the remote game server failed/);
    expect(index.slice(enums, interfaces)).toContain('href="/sdk/api/enum/CurrencyFormat"');
    expect(index.slice(interfaces)).toMatch(/href="\/sdk\/api\/interface\/SdkConfig"[\s\S]*Everything a/);
    expect(page('/sdk/api').data.toc.map((item) => item.text)).toEqual(['Classes', 'Enums', 'Interfaces']);
  });

  it('has an API sidebar grouped by kind, categories open', () => {
    const sidebar = result.site.sidebars.api;
    const categories = sidebar.filter((item) => item.type === 'category');
    expect(categories.map((c) => c.label)).toEqual(['Classes', 'Enums', 'Interfaces']);
    for (const category of categories) expect(category.type === 'category' && category.collapsed).toBe(false);
    const classes = categories[0].type === 'category' ? categories[0].items.map((item) => item.label) : [];
    expect(classes).toEqual(['I18n', 'PlaykitSdk', 'RgsError', 'TimeoutError']);
    for (const route of specPages) expect(page(route).data.sidebar).toBe('api');
    expect(html('/sdk/api/class/RgsError')).toContain('aria-label="API sidebar"');
  });

  it('gives each page breadcrumbs, a title and a table of contents of its members', () => {
    const sdk = page('/sdk/api/class/PlaykitSdk');
    expect(sdk.data.breadcrumbs.map((crumb) => crumb.label)).toEqual(['Home page', 'API Reference', 'Classes', 'PlaykitSdk']);
    expect(sdk.data.documentTitle).toBe('PlaykitSdk | Playkit');
    const toc = sdk.data.toc.map((item) => `${item.depth}:${item.id}`);
    expect(toc).toEqual(expect.arrayContaining(['2:methods', '3:init', '3:playround', '3:sendevent', '3:on', '3:forwardtoplugins', '3:destroy', '2:accessors', '3:balance']));
  });

  it('gives members stable ids with a Direct link anchor, and records every id as an anchor', () => {
    const sdk = html('/sdk/api/class/PlaykitSdk');
    expect(sdk).toMatch(/<h3 id="init"[^>]*>[\s\S]*?<a class="hash-link" aria-label="Direct link to init" href="#init">#<\/a><\/h3>/);
    const anchors = page('/sdk/api/class/PlaykitSdk').anchors;
    for (const id of ['init', 'playround', 'endround', 'sendevent', 'on', 'forwardtoplugins', 'destroy', 'balance', 'session', 'i18n', 'constructor', 'getbalance', 'refreshbalance']) {
      expect(anchors.has(id)).toBe(true);
      expect(sdk).toContain(`id="${id}"`);
    }
  });

  it('shows every overload of a method with its own parameters', () => {
    const playRound = memberHtml('/sdk/api/class/PlaykitSdk', 'playround');
    expect(playRound).toContain('Overload 2 of 2');
    expect(playRound).toMatch(/playRound<\/span><span class="api-token-punctuation">\(<\/span><span class="api-token-name">bet<\/span>/);
    expect(playRound).toContain('api-token-name">request<');
    const sendEvent = memberHtml('/sdk/api/class/PlaykitSdk', 'sendevent');
    expect(sendEvent).toContain('Overload 5 of 5');
    expect(sendEvent.match(/class="api-signature-block"/g)).toHaveLength(5);
  });

  it('shows parameters with types, defaults and descriptions, and the return type', () => {
    const formatCurrency = memberHtml('/sdk/api/class/I18n', 'formatcurrency');
    expect(formatCurrency).toMatch(/api-parameter-name">options<\/span>[\s\S]*?href="\/sdk\/api\/interface\/FormatCurrencyOptions"[\s\S]*?api-default">\{\}</);
    expect(formatCurrency).toContain('How to show the currency and the number.');
    expect(formatCurrency).toMatch(/Returns[\s\S]*?api-token-type">string</);
    // An `@inline` return type is listed property by property, with each property's comment.
    const init = memberHtml('/sdk/api/class/PlaykitSdk', 'init');
    expect(init).toMatch(/api-parameter-name">sessionId<\/span>[\s\S]*?Identifier of the session on the RGS\./);
  });

  it('links types that have a page and leaves built-in types plain', () => {
    const constructor = memberHtml('/sdk/api/class/PlaykitSdk', 'constructor');
    expect(constructor).toContain('<a href="/sdk/api/interface/SdkConfig" class="api-type-link api-token-type">SdkConfig</a>');
    const init = memberHtml('/sdk/api/class/PlaykitSdk', 'init');
    expect(init).toContain('<span class="api-token-type">Promise</span>');
    expect(init).not.toMatch(/<a [^>]*>Promise</);
    expect(memberHtml('/sdk/api/class/PlaykitSdk', 'forwardtoplugins')).toContain('href="/sdk/api/interface/ForwardToPluginsMessageMap"');
  });

  it('shows @throws with links, @example highlighted and @remarks', () => {
    const init = memberHtml('/sdk/api/class/PlaykitSdk', 'init');
    expect(init).toMatch(/Throws[\s\S]*?<a href="\/sdk\/api\/class\/RgsError">RgsError<\/a> when the RGS rejects the token/);
    expect(init).toMatch(/Throws[\s\S]*?<a href="\/sdk\/api\/class\/TimeoutError">TimeoutError<\/a>/);
    expect(init).toMatch(/Example[\s\S]*?<pre[^>]*>[\s\S]*?class="hljs-keyword">import</);
    expect(init).toContain('returns the\nsame promise');
  });

  it('marks deprecated members', () => {
    const getBalance = memberHtml('/sdk/api/class/PlaykitSdk', 'getbalance');
    expect(getBalance).toContain('api-badge-deprecated');
    expect(getBalance).toMatch(/class="admonition admonition-danger api-deprecation"[\s\S]*Deprecated[\s\S]*<a href="\/sdk\/api\/class\/PlaykitSdk#balance">PlaykitSdk\.balance<\/a> instead/);
  });

  it('shows inheritance: extends, and inherited members marked', () => {
    const rgsError = html('/sdk/api/class/RgsError');
    expect(rgsError).toMatch(/<span class="api-token-keyword">class <\/span><span class="api-token-name">RgsError<\/span><span class="api-token-keyword"> extends <\/span><span class="api-token-type">Error<\/span>/);
    const message = memberHtml('/sdk/api/class/RgsError', 'message');
    expect(message).toContain('api-badge-inherited');
    expect(message).toMatch(/Inherited from <code>Error\.message<\/code>/);
    expect(memberHtml('/sdk/api/class/RgsError', 'code')).not.toContain('api-badge-inherited');
    // Declared in TypeScript's lib: named by its package path, with no link into the SDK's repository.
    expect(message).toMatch(/Defined in <span>typescript\/lib\/lib\.es5\.d\.ts:\d+<\/span>/);
  });

  it('shows enum members with their values', () => {
    const symbol = memberHtml('/sdk/api/enum/CurrencyFormat', 'symbol');
    expect(symbol).toContain('<span class="api-token-name">Symbol</span><span class="api-token-punctuation"> = </span><span class="api-token-literal">&quot;symbol&quot;</span>');
    expect(memberHtml('/sdk/api/enum/CurrencyNumber', 'wholeunits')).toContain('&quot;wholeUnits&quot;');
  });

  it('links each declaration to its source line through the sourceLinkTemplate', () => {
    const line = lineOf(sdkFile('errors.ts'), 'export class RgsError');
    expect(html('/sdk/api/class/RgsError')).toContain(
      `<a href="https://github.com/playkit/playkit-sdk/blob/main/example-site/sdk/src/errors.ts#L${line}" target="_blank" rel="noopener noreferrer" class="api-source-link">sdk/src/errors.ts:${line}</a>`,
    );
  });

  it('records each {@link} as a tsdoc link at the line it is written on', () => {
    const links = page('/sdk/api/class/PlaykitSdk').links.filter((link) => link.kind === 'tsdoc');
    const recorded = links.filter((link) => link.url === 'PlaykitSdk.endRound');
    // In the class's own comments, and in those of the `@inline` types its methods return.
    expect(new Set(recorded.map((link) => path.basename(link.file!)))).toEqual(new Set(['playkit-sdk.ts', 'protocol.ts']));
    for (const link of recorded) {
      expect(link.resolved).toBe('/sdk/api/class/PlaykitSdk#endround');
      const line = readFileSync(link.file!, 'utf8').split('\n')[link.line! - 1];
      expect(line.slice(link.column! - 1)).toMatch(/^\{@link PlaykitSdk\.endRound\}/);
    }
    expect(links.every((link) => link.resolved !== undefined)).toBe(true);
  });

  it("type-checks every ts code block of the docs and of the SDK's @examples against the SDK", () => {
    const blocksIn = (folder: string, extension: string, fence: RegExp) =>
      readdirSync(folder, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith(extension))
        .flatMap((file) => readFileSync(path.join(folder, file), 'utf8').split('\n'))
        .filter((line) => fence.test(line) && !/no-check/.test(line)).length;
    const docBlocks = blocksIn(path.join(exampleSiteDir, 'docs'), '.md', /^\s*```(ts|typescript)\b/);
    // Every `@example` of the example SDK belongs to an exported declaration.
    const exampleBlocks = blocksIn(path.join(exampleSiteDir, 'sdk', 'src'), '.ts', /^\s*\* ```(ts|typescript)\b/);
    expect(docBlocks).toBeGreaterThan(20);
    expect(exampleBlocks).toBeGreaterThan(10);
    expect(result.site.api?.docSamples?.checked).toBe(docBlocks + exampleBlocks);
    expect(result.site.api?.docSamples?.diagnostics).toEqual([]);
  });
});
