import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/pipeline/build.js';
import type { Page } from '../src/core/site.js';
import { createMemoryLogger } from '../src/core/logger.js';
import type { Site } from '../src/core/site.js';
import { buildSearchIndex } from '../src/search/build-search-index.js';
import { createSearchIndex } from '../src/search/serialize-records.js';
import { collectSearchRecords } from '../src/search/search-records.js';
import { snippetSegments } from '../src/shared/search/highlight.js';
import { boundedEditDistance, createSearchEngine, createFormsLookup, expandTerm, type SearchEngine, type SearchHit } from '../src/shared/search/search-engine.js';
import {
  highlightParam,
  maxRecordTextLength,
  searchKeys,
  type SearchRecord,
  type SearchDocuments,
  type SerializedSearchIndex,
} from '../src/shared/search/search-data.js';
import { exampleSiteDir, sharedInMemoryBuild, stageContext } from './helpers/site.js';

let result: BuildResult;
let documents: SearchDocuments;
let index: SerializedSearchIndex;
let engine: SearchEngine;

/** The contents of an output file by its URL (`/sdk/assets/search/index.abc.json`). */
function outputByUrl(url: string): string {
  const base = result.site.config.baseUrl;
  const file = result.site.outputs.get(url.startsWith(base) ? url.slice(base.length) : url);
  if (!file) throw new Error(`no output for ${url}`);
  return typeof file.contents === 'string' ? file.contents : new TextDecoder().decode(file.contents);
}

beforeAll(async () => {
  result = await sharedInMemoryBuild(exampleSiteDir, 'buildSearchIndex');
  const files = result.site.siteData?.searchFiles;
  if (!files) throw new Error('the build set no siteData.searchFiles');
  documents = JSON.parse(outputByUrl(files.documents)) as SearchDocuments;
  index = JSON.parse(outputByUrl(files.index)) as SerializedSearchIndex;
  engine = createSearchEngine(documents, index);
}, 180_000);

/** `route` or `route#anchor` of a hit. */
function target(hit: SearchHit): string {
  return hit.record.anchor ? `${hit.record.route}#${hit.record.anchor}` : hit.record.route;
}

function headline(hit: SearchHit): string {
  return hit.record.heading ?? hit.record.title;
}

function hasApiPage(route: string): boolean {
  return documents.records.some((record) => record.route === route);
}

describe('search files', () => {
  it('emits the documents and the index as content-hashed JSON under the asset path, linked from the site data', () => {
    const files = result.site.siteData!.searchFiles!;
    expect(files.documents).toMatch(/^\/sdk\/assets\/search\/documents\.[0-9a-f]{10}\.json$/);
    expect(files.index).toMatch(/^\/sdk\/assets\/search\/index\.[0-9a-f]{10}\.json$/);
    expect(documents.records.length).toBeGreaterThan(50);
    expect(index.records).toHaveLength(documents.records.length);
    expect(index.keys.map((key) => key.id)).toEqual(searchKeys.map((key) => key.name));
  });

  it('makes one record per h2/h3 section, anchored at a heading the page has', () => {
    const route = '/sdk/docs/advanced/error-handling';
    const page = result.site.pages.find((candidate) => candidate.route === route)!;
    const records = documents.records.filter((record) => record.route === route);
    const anchors = records.map((record) => record.anchor);
    expect(anchors[0]).toBeUndefined();
    expect(records[0]).toMatchObject({ title: 'Error Handling', kind: 'doc', breadcrumb: ['Advanced'] });
    expect(anchors).toEqual(expect.arrayContaining(['rgserror', 'error-codes', 'timeouterror', 'insufficient-funds', 'expired-session']));
    for (const anchor of anchors) if (anchor) expect(page.anchors).toContain(anchor);
    const insufficientFunds = records.find((record) => record.anchor === 'insufficient-funds')!;
    expect(insufficientFunds.heading).toBe('Insufficient funds');
  });

  it('keeps section text in the index only, bounded, without code blocks or heading anchors', () => {
    const textKey = String(searchKeys.findIndex((key) => key.name === 'text'));
    for (const record of documents.records) expect(record).not.toHaveProperty('text');
    const texts = index.records.map((record) => record.$[textKey]?.v ?? '');
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(maxRecordTextLength);
    const installation = documents.records
      .map((record, position) => ({ record, text: texts[position] }))
      .filter(({ record }) => record.route === '/sdk/docs/getting-started/installation');
    const all = installation.map(({ text }) => text).join(' ');
    expect(all).toContain('distributed as a single npm package');
    expect(all).not.toContain('npm install @playkit/sdk');
    expect(all).not.toMatch(/ #(\s|$)/);
  });

  it('indexes category pages with what they hold, and not the landing or not-found page', () => {
    const category = documents.records.find((record) => record.route === '/sdk/docs/category/getting-started');
    expect(category).toMatchObject({ kind: 'category', title: 'Getting Started' });
    expect(documents.records.some((record) => record.route === '/sdk/' || record.route.endsWith('404.html'))).toBe(false);
  });

  it('writes exactly the index fuse.js builds over all records, and the records without their text', () => {
    const records = collectSearchRecords(result.site);
    expect(index).toEqual(JSON.parse(JSON.stringify(createSearchIndex(records))));
    expect(documents.records).toEqual(JSON.parse(JSON.stringify(records.map(({ text: _text, ...document }) => document))));
  });

  it('reuses unchanged pages on the next build (serve --watch) and renames the files when a page changes', async () => {
    const debug: string[] = [];
    const logger = { ...createMemoryLogger(), debug: (message: string) => debug.push(message) };
    const rebuild = async (pages: Page[]) => {
      const site: Site = { ...result.site, pages, outputs: new Map(), siteData: { ...result.site.siteData! } };
      // The next build of a session: it goes on with the engine the first build ran on.
      await buildSearchIndex(site, stageContext(site, { logger, cacheDir: '', engine: result.engine }));
      return site;
    };
    const same = await rebuild(result.site.pages);
    expect(same.siteData!.searchFiles).toEqual(result.site.siteData!.searchFiles);
    const searched = result.site.pages.filter((page) => page.kind === 'doc' || page.kind === 'api' || page.kind === 'blogPost').length;
    expect(debug.at(-1)).toContain(`(${searched} pages reused)`);

    const edited = result.site.pages.map((page) =>
      page.route === '/sdk/docs/getting-started/gameplay' ? { ...page, data: { ...page.data, title: 'Gameplay and rounds' } } : page,
    );
    const changed = await rebuild(edited);
    expect(debug.at(-1)).toContain(`(${searched - 1} pages reused)`);
    const files = changed.siteData!.searchFiles!;
    expect(files.documents).not.toBe(result.site.siteData!.searchFiles!.documents);
    const file = changed.outputs.get(files.documents.slice(result.site.config.baseUrl.length))!;
    expect(String(file.contents)).toContain('Gameplay and rounds');
  });

  it('makes API symbol and member records from prerendered page HTML, skipping headings that only group members', () => {
    const apiPage: Page = {
      route: '/sdk/api/class/Widget',
      kind: 'api',
      anchors: new Set(['properties', 'size', 'methods', 'resize']),
      links: [],
      data: {
        path: '/sdk/api/class/Widget',
        kind: 'api',
        title: 'Widget',
        documentTitle: 'Widget',
        html: [
          '<h1>Widget</h1><p>A resizable widget.</p>',
          '<h2 id="properties">Properties<a class="hash-link" href="#properties">#</a></h2>',
          '<section><h3 id="size"><code>size</code><span class="api-badge">readonly</span><a class="hash-link" href="#size">#</a></h3><p>Current size in pixels.</p></section>',
          '<h2 id="methods">Methods<a class="hash-link" href="#methods">#</a></h2>',
          '<section><h3 id="resize"><code>resize</code><a class="hash-link" href="#resize">#</a></h3><pre><code>resize(to: number): void</code></pre><p>Changes the size.</p></section>',
        ].join(''),
        toc: [
          { id: 'properties', text: 'Properties', depth: 2 },
          { id: 'size', text: 'size', depth: 3 },
          { id: 'methods', text: 'Methods', depth: 2 },
          { id: 'resize', text: 'resize', depth: 3 },
        ],
        breadcrumbs: [{ label: 'API', to: '/sdk/api' }, { label: 'Classes' }, { label: 'Widget' }],
      },
    };
    const records = collectSearchRecords({ ...result.site, pages: [apiPage] });
    expect(records).toEqual([
      { route: apiPage.route, anchor: undefined, title: 'Widget', heading: undefined, text: 'A resizable widget.', breadcrumb: ['API', 'Classes'], kind: 'api-symbol' },
      { route: apiPage.route, anchor: 'size', title: 'Widget', heading: 'size', text: 'Current size in pixels.', breadcrumb: ['API', 'Classes'], kind: 'api-member' },
      { route: apiPage.route, anchor: 'resize', title: 'Widget', heading: 'resize', text: 'Changes the size.', breadcrumb: ['API', 'Classes'], kind: 'api-member' },
    ]);
  });
});

/**
 * The labelled query set: each query and the page (`route`) or section (`route#anchor`) that must
 * be among its first three hits, over the example site's docs (and its API pages once built).
 */
const labelledQueries: { query: string; expected: string; why: string }[] = [
  { query: 'Quick Start', expected: '/sdk/docs/getting-started/quick-start', why: 'exact page title' },
  { query: 'configuration', expected: '/sdk/docs/getting-started/configuration', why: 'exact page title, lower case' },
  { query: 'Installation', expected: '/sdk/docs/getting-started/installation', why: 'exact page title' },
  { query: 'sequence diagram', expected: '/sdk/docs/getting-started/sequence-diagram', why: 'page title of two words' },
  { query: 'error handling', expected: '/sdk/docs/advanced/error-handling', why: 'page title of two words' },
  { query: 'configuraton', expected: '/sdk/docs/getting-started/configuration', why: 'typo in a page title' },
  { query: 'empty game shell', expected: '/sdk/docs/getting-started/quick-start', why: 'phrase from a getting-started page' },
  { query: 'distributed as a single npm package', expected: '/sdk/docs/getting-started/installation', why: 'sentence from a getting-started page' },
  { query: 'round loop', expected: '/sdk/docs/getting-started/gameplay#the-round-loop', why: 'section heading, two words' },
  { query: 'balance changed', expected: '/sdk/docs/getting-started/sending-events#balance-changed', why: 'h3 heading' },
  { query: 'minor units', expected: '/sdk/docs/getting-started/localization#minor-units', why: 'h3 heading' },
  { query: 'insufficient funds', expected: '/sdk/docs/advanced/error-handling#insufficient-funds', why: 'h3 deep in a long page' },
  { query: 'expired session', expected: '/sdk/docs/advanced/error-handling#expired-session', why: 'h3 deep in a long page' },
  { query: 'paylines', expected: '/sdk/docs/getting-started/gameplay#game-specific-options', why: 'word only in a deep h3 section' },
  { query: 'misspelled event names', expected: '/sdk/docs/getting-started/installation#typescript-settings', why: 'words only in an h3 section' },
  { query: 'idempotency', expected: '/sdk/docs/wrapper/overview#idempotency', why: 'h3 heading, one word' },
  { query: 'origin checks', expected: '/sdk/docs/getting-started/reacting-to-events#origin-checks', why: 'h2 heading' },
  { query: 'pause and resume', expected: '/sdk/docs/getting-started/reacting-to-events#pause-and-resume', why: 'heading with a stop word' },
  { query: 'sessionToken', expected: '/sdk/docs/getting-started/configuration#sessiontoken', why: 'camelCase option name' },
  { query: 'launcherOrigin', expected: '/sdk/docs/getting-started/configuration#launcherorigin', why: 'camelCase option name' },
  { query: 'exponential backoff', expected: '/sdk/docs/advanced/error-handling#retries-and-backoff', why: 'two words in one section' },
  { query: 'cause chain', expected: '/sdk/docs/advanced/error-handling#the-cause-chain', why: 'heading behind a stop word' },
  { query: 'unfinished rounds', expected: '/sdk/docs/getting-started/gameplay#unfinished-rounds', why: 'h2 heading' },
  { query: 'bundler', expected: '/sdk/docs/getting-started/installation#bundler-notes', why: 'prefix of a heading word' },
  { query: 'Getting Started', expected: '/sdk/docs/category/getting-started', why: 'exact category title' },
  { query: 'RGS protocol', expected: '/sdk/docs/wrapper/overview#the-rgs-protocol', why: 'acronym and word' },
];

describe('ranking over the example site', () => {
  it.each(labelledQueries)('$query → $expected ($why)', ({ query, expected }) => {
    const top = engine.search(query, 8).slice(0, 3).map(target);
    expect(top).toContain(expected);
  });

  it('ranks an exact page title first', () => {
    for (const query of ['Quick Start', 'Installation', 'Configuration', 'Localization', 'Error Handling']) {
      const [first] = engine.search(query, 8);
      expect(first.record.anchor, query).toBeUndefined();
      expect(first.record.title.toLowerCase(), query).toBe(query.toLowerCase());
    }
  });

  it('ranks an API symbol name first, on its API page once the API reference is built', () => {
    for (const [query, apiRoute] of [
      ['RgsError', '/sdk/api/class/RgsError'],
      ['TimeoutError', '/sdk/api/class/TimeoutError'],
    ]) {
      const [first] = engine.search(query, 8);
      expect(headline(first), query).toBe(query);
      if (hasApiPage(apiRoute)) expect(first.record.route, query).toBe(apiRoute);
    }
  });

  it('finds TimeoutError through the typo "timout", with the real word marked', () => {
    const hits = engine.search('timout', 8);
    expect(hits.slice(0, 3).map(headline)).toContain('TimeoutError');
    const marked = hits.flatMap((hit) => [...(hit.heading ?? []), ...hit.snippet]).filter((segment) => segment.marked);
    expect(marked.some((segment) => segment.text.toLowerCase().startsWith('timeout'))).toBe(true);
  });

  it('ranks sections holding every word of a multi-word query first', () => {
    for (const query of ['timeout retries', 'bet limits round', 'launcher origin message', 'currency locale']) {
      const [first] = engine.search(query, 8);
      const fields = `${first.record.title} ${first.record.heading ?? ''} ${first.record.text}`.toLowerCase();
      for (const word of query.split(' ')) expect(fields, `${query}: "${word}" in ${target(first)}`).toContain(word);
    }
  });

  it('returns at most maxHits results, each section once, linking to its anchor with the words to highlight', () => {
    expect(engine.search('launcher', 3)).toHaveLength(3);
    const hits = engine.search('launcher', 8);
    expect(hits.length).toBeLessThanOrEqual(8);
    expect(new Set(hits.map(target)).size).toBe(hits.length);
    const withAnchor = hits.find((hit) => hit.record.anchor)!;
    const url = new URL(withAnchor.url, 'https://example.com');
    expect(url.pathname).toBe(withAnchor.record.route);
    expect(url.hash).toBe(`#${withAnchor.record.anchor}`);
    expect(url.searchParams.getAll(highlightParam)).toContain('launcher');
  });

  it('carries every query word to the target page, typo matches after the words themselves', () => {
    const [first] = engine.search('timout retries', 8);
    const words = new URL(first.url, 'https://example.com').searchParams.getAll(highlightParam);
    expect(words.length).toBeLessThanOrEqual(8);
    expect(words.slice(0, 2)).toEqual(['timout', 'retries']);
    expect(words).toEqual(expect.arrayContaining(['timeout', 'retry']));
  });

  it('finds the singular for a plural and the other way round', () => {
    expect(engine.search('retry backoff', 8).slice(0, 3).map(target)).toContain('/sdk/docs/advanced/error-handling#retries-and-backoff');
    expect(engine.search('timeouts', 8).slice(0, 3).map(headline)).toContain('TimeoutError');
  });

  it('marks the searched words in the title, heading and snippet', () => {
    const [first] = engine.search('minor units', 8);
    expect(first.heading).toEqual([{ text: 'Minor', marked: true }, { text: ' ' }, { text: 'units', marked: true }]);
    expect(first.snippet.some((segment) => segment.marked && /^minor$/i.test(segment.text))).toBe(true);
    expect(first.snippet.map((segment) => segment.text).join('').length).toBeLessThanOrEqual(170);
  });
});

describe('queries that must neither crash nor hang', () => {
  const awkward = [
    '',
    '   ',
    'a',
    'the of and',
    '.*+?^${}()|[]\\',
    '(((',
    '[a-z]+$',
    '\\',
    '"unterminated',
    '🎰 jackpot 🎰',
    'x'.repeat(1000),
    'timeout '.repeat(125),
    Array.from({ length: 1000 }, (_, i) => String.fromCharCode(33 + (i % 90))).join(''),
  ];
  it.each(awkward.map((query) => ({ query, label: JSON.stringify(query.slice(0, 40)) })))('$label', ({ query }) => {
    const hits = engine.search(query, 8);
    expect(Array.isArray(hits)).toBe(true);
    expect(hits.length).toBeLessThanOrEqual(8);
  });

  it('finds nothing for an empty query', () => {
    expect(engine.search('', 8)).toEqual([]);
    expect(engine.search(' \t\n', 8)).toEqual([]);
  });
});

describe('word matching', () => {
  it('measures typos against whole words and word starts, giving up past the limit', () => {
    expect(boundedEditDistance('timout', 'timeout', 1)).toEqual({ whole: 1, prefix: 1 });
    expect(boundedEditDistance('tiemout', 'timeout', 1).whole).toBe(1);
    expect(boundedEditDistance('timout', 'timeouterror', 1)).toEqual({ whole: 2, prefix: 1 });
    expect(boundedEditDistance('launcher', 'locale', 2)).toEqual({ whole: 3, prefix: 3 });
  });

  it('expands a query word to itself, the words it begins and close typos', () => {
    const vocabulary = ['init', 'instance', 'time', 'timeout', 'timeouterror', 'timeoutms', 'timer'].sort();
    const { matches, marked } = expandTerm('timout', vocabulary);
    expect([...matches.keys()].sort()).toEqual(['timeout', 'timeouterror', 'timeoutms']);
    expect(marked.slice(0, 2)).toEqual(['timout', 'timeout']);
    expect(matches.get('timeout')).toBeGreaterThan(matches.get('timeouterror')!);
    expect([...expandTerm('time', vocabulary).matches.entries()]).toEqual(
      expect.arrayContaining([['time', 1], ['timeout', expect.any(Number)], ['timer', expect.any(Number)]]),
    );
    expect(expandTerm('init', vocabulary).matches.has('instance')).toBe(false);
    const forms = createFormsLookup(['retries', 'retry']);
    expect([...expandTerm('retry', ['retries', 'retry'], forms).matches.keys()].sort()).toEqual(['retries', 'retry']);
    expect(expandTerm('retries', ['retries', 'retry'], forms).marked).toEqual(['retries', 'retry']);
  });

  it('cuts a snippet around the first searched word, at word boundaries, marking every searched word', () => {
    const text = `${'Lorem ipsum dolor sit amet. '.repeat(10)}The retry budget is spent when every retry failed. ${'Consectetur adipiscing elit. '.repeat(10)}`;
    const segments = snippetSegments(text, ['retry']);
    const shown = segments.map((segment) => segment.text).join('');
    expect(shown.startsWith('…')).toBe(true);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown).toContain('The retry budget');
    expect(segments.filter((segment) => segment.marked).map((segment) => segment.text)).toEqual(['retry', 'retry']);
    expect(shown.replace(/…/g, '').trim().split(' ').every((word) => text.includes(word))).toBe(true);
  });
});

/** An engine over a handful of records, made as the build makes the two files. */
function engineOver(records: SearchRecord[]): SearchEngine {
  const documents: SearchDocuments = { records: records.map(({ text: _text, ...document }) => document) };
  return createSearchEngine(documents, createSearchIndex(records));
}

function record(route: string, title: string, text: string, extra: Partial<SearchRecord> = {}): SearchRecord {
  return { route, title, text, breadcrumb: [], kind: 'doc', ...extra };
}

function markedWords(hits: SearchHit[]): string[] {
  return hits.flatMap((hit) => [...hit.title, ...(hit.heading ?? []), ...hit.snippet]).filter((segment) => segment.marked).map((segment) => segment.text);
}

describe('ranking rules', () => {
  it('matches typos only when the words as typed find too little, and then marks them only for a word the site lacks', () => {
    const engine = engineOver([
      record('/docs/audio', 'Audio', 'Mute the sound when the launcher asks.'),
      record('/docs/settings', 'Settings', 'A sound toggle lives in the settings.'),
      record('/docs/events', 'Events', 'The sound message carries a flag.'),
      record('/docs/rounds', 'Round', 'A round starts with a bet.'),
    ]);
    const hits = engine.search('sound', 8);
    expect(hits.map((hit) => hit.record.route).sort()).toEqual(['/docs/audio', '/docs/events', '/docs/settings']);
    expect(markedWords(hits).map((word) => word.toLowerCase())).toEqual(['sound', 'sound', 'sound']);
    for (const hit of hits) expect(new URL(hit.url, 'https://example.com').searchParams.getAll(highlightParam)).not.toContain('round');

    // A word the site does not hold is the typo: its close words are searched and marked.
    const typo = engine.search('sonud', 8);
    expect(typo.map((hit) => hit.record.route)).toContain('/docs/audio');
    expect(markedWords(typo).map((word) => word.toLowerCase())).toContain('sound');

    // Too few records with the word as typed: typo matches join, after them.
    const few = engineOver([record('/docs/audio', 'Audio', 'The sound setting.'), record('/docs/rounds', 'Round', 'A round starts with a bet.')]);
    expect(few.search('sound', 8).map((hit) => hit.record.route)).toEqual(['/docs/audio', '/docs/rounds']);
    expect(markedWords(few.search('sound', 8)).map((word) => word.toLowerCase())).toEqual(['sound']);
  });

  it('ranks a word as typed above a longer word it begins, in the same field', () => {
    const engine = engineOver([
      record('/docs/timers', 'Timers', 'Each timer fires once.', { heading: 'Clocks', anchor: 'clocks' }),
      record('/docs/budget', 'Budget', `${'The frame budget depends on the device and on the scene. '.repeat(6)}Measure the time of each frame.`, { heading: 'Frames', anchor: 'frames' }),
    ]);
    expect(engine.search('time', 8)[0].record.route).toBe('/docs/budget');
  });

  it('ranks query words in a title or heading above the same words in running text', () => {
    const engine = engineOver([
      record('/docs/overview', 'Overview', 'The SDK posts launcher events to the parent page.', { heading: 'Messaging', anchor: 'messaging' }),
      record('/docs/setup', 'Setup', 'The frame gets its events from the parent page.', { heading: 'Launcher', anchor: 'launcher' }),
    ]);
    expect(engine.search('launcher events', 8)[0].record.route).toBe('/docs/setup');
  });

  it('matches an identifier written as words, run together or with underscores, and marks its parts', () => {
    const engine = engineOver([
      record('/docs/money', 'Money', 'Pick the currency format that suits the screen: the currency format decides how an amount reads.', {
        heading: 'Formats',
        anchor: 'formats',
      }),
      record('/api/enum/CurrencyFormat', 'CurrencyFormat', 'How the currency is shown next to an amount.', { kind: 'api-symbol' }),
    ]);
    for (const query of ['currency format', 'currencyFormat', 'currency_format', 'CurrencyFormat']) {
      expect(engine.search(query, 8)[0].record.route, query).toBe('/api/enum/CurrencyFormat');
    }
    expect(engine.search('currency format', 8)[0].title).toEqual([
      { text: 'Currency', marked: true },
      { text: 'Format', marked: true },
    ]);
  });

  it('finds other forms of a word: handle finds Handling', () => {
    const engine = engineOver([
      record('/docs/errors', 'Error Handling', 'What to do when a call fails.'),
      record('/docs/events', 'Events', 'Which errors the handlers of events see.', { heading: 'Errors', anchor: 'errors' }),
    ]);
    expect(engine.search('handle errors', 8)[0].record.route).toBe('/docs/errors');
  });

  it('ranks guide sections above API entries for a question', () => {
    const guideOrApi = engineOver([
      record('/api/class/Sdk', 'Sdk', 'Call it to handle errors yourself.', { heading: 'errors', anchor: 'errors', kind: 'api-member' }),
      record('/docs/guide', 'Guide', 'Call it to handle errors yourself.', { heading: 'Errors', anchor: 'errors' }),
    ]);
    expect(guideOrApi.search('how do I handle errors', 8)[0].record.route).toBe('/docs/guide');
    expect(guideOrApi.search('handle errors', 8)[0].record.route).toBe('/api/class/Sdk');
  });
});

describe('what the example site\'s queries find', () => {
  it.each([
    { query: 'launcher events', first: '/sdk/docs/getting-started/sending-events' },
    { query: 'how to handle errors', first: '/sdk/docs/advanced/error-handling' },
    { query: 'currency format', first: '/sdk/api/enum/CurrencyFormat' },
  ])('$query → $first', ({ query, first }) => {
    expect(target(engine.search(query, 8)[0])).toBe(first);
  });

  it('never marks "round" for "sound"', () => {
    expect(markedWords(engine.search('sound', 8)).filter((word) => !/^sounds?$/i.test(word))).toEqual([]);
  });

  it('keeps API page chrome out of the records: no "Defined in", "Example", "Default value" in snippets', () => {
    const textKey = String(searchKeys.findIndex((key) => key.name === 'text'));
    const apiTexts = index.records.filter((entry) => documents.records[entry.i].route.startsWith('/sdk/api/')).map((entry) => entry.$[textKey]?.v ?? '');
    expect(apiTexts.length).toBeGreaterThan(50);
    for (const text of apiTexts) {
      expect(text).not.toMatch(/Defined in|Default value|\bExample\b|Overload \d|Inherited from/);
    }
    const [currencyFormat] = engine.search('CurrencyFormat', 8);
    expect(currencyFormat.snippet.map((segment) => segment.text).join('')).toBe('Enum How the currency is shown next to an amount in I18n.formatCurrency.');
  });
});

