import Fuse, { type Expression, type IFuseOptions } from 'fuse.js';
import { highlightSegments, snippetSegments, type TextSegment } from './highlight.js';
import {
  highlightParam,
  searchKeyNames,
  searchKeys,
  type SearchDocument,
  type SearchDocuments,
  type SearchRecord,
  type SerializedSearchIndex,
} from './search-data.js';
import { compactPhraseOf, forEachWord, isQuestion, maxQueryLength, phraseOf, queryTerms, spelledPhraseOf, stemOf } from './words.js';

/** One result, ready to show. */
export interface SearchHit {
  record: SearchRecord;
  /** Where the result leads: the section's anchor, with the words to highlight on arrival. */
  url: string;
  title: TextSegment[];
  heading?: TextSegment[];
  snippet: TextSegment[];
}

export interface SearchEngine {
  /** The best hits for a query, at most `maxHits`; an empty or wordless query finds nothing. */
  search(query: string, maxHits: number, options?: SearchOptions): SearchHit[];
}

export interface SearchOptions {
  /**
   * The docs version being read: its pages (and pages of no version, such as the API reference)
   * rank above every other version's.
   */
  version?: string;
}

/**
 * How many records the word pre-filter passes on to fuse.js, times the number of query words.
 * fuse.js scores a record by scanning all its fields for every query word, so it sees only the
 * best candidates: 60 for a query of up to three words, fewer for longer ones. Enough for any
 * results list, few enough to keep a query within a few milliseconds on a site of thousands of
 * pages (bench/search.mjs).
 */
const fuseScanBudget = 180;
const maxFuseCandidates = 60;

/** Field bits of a posting: where in the record a word occurs. */
const fieldBits = { headline: 1, page: 2, text: 4, breadcrumb: 8 } as const;
const fieldBitCount = 4;

/** How much an occurrence in each field counts for the pre-filter (the best field counts). */
function fieldWeight(mask: number): number {
  if (mask & fieldBits.headline) return 3;
  if (mask & fieldBits.page) return 1.5;
  if (mask & fieldBits.text) return 1;
  return 0.8;
}

/**
 * Records holding every query word, as typed or in another form, below which typo matches join
 * the search: a few good results are better than many that hold a different word.
 */
const enoughCompleteResults = 3;

/** Results of one page shown before any page gets a fourth, so one long page cannot fill the list. */
const hitsPerPageFirst = 3;

/** A record kind's share of the final score: lower ranks higher, so API names win ties with prose. */
const kindFactor: Record<SearchDocument['kind'], number> = {
  'api-symbol': 0.5,
  'api-member': 0.7,
  doc: 1,
  category: 1.2,
};

/**
 * fuse.js options; `ignoreLocation` because a word counts wherever it is in a section, the
 * threshold lets one typo through in a short word and two in a long one.
 */
export const fuseOptions: IFuseOptions<SearchDocument> = {
  keys: searchKeys,
  includeScore: true,
  ignoreLocation: true,
  threshold: 0.3,
  shouldSort: false,
};

/**
 * The search over the two files the build emits. Runs the same in the browser and in Node, so
 * the ranking tests exercise exactly what visitors get.
 *
 * A query is split into words (function words left out); each word is expanded against the
 * site's vocabulary: the word itself, its other forms (`handle` → `handling`) and the words it
 * begins (`time` → `timeout`). Words one or two typos away join only for a query word the
 * vocabulary does not hold, or when the query finds too few records holding all its words, as
 * Algolia's typo tolerance ranks typo matches after exact ones. The best candidates are ranked
 * like DocSearch ranks docs, one criterion after the other:
 *
 * 1. most query words held (a typo match counts half);
 * 2. a headline that says the query (`currency format` = `CurrencyFormat`), a page's title above
 *    a section's heading;
 * 3. most query words in the record's own headline (title or heading), then, for a question,
 *    guide sections before API entries;
 * 4. most query words matched as typed or as another form of themselves rather than as the
 *    start of a longer word;
 * 5. most query words in the page's title, then the query said as written;
 * 6. a page's top before its sections, then the fuse.js score weighted by the record's kind.
 */
export function createSearchEngine(documents: SearchDocuments, serializedIndex: SerializedSearchIndex): SearchEngine {
  const records = documents.records;
  const fuseIndexRecords: SerializedSearchIndex['records'] = [];
  for (const indexRecord of serializedIndex.records) fuseIndexRecords[indexRecord.i] = indexRecord;
  const keyIndex = Object.fromEntries(serializedIndex.keys.map((key, index) => [key.id, String(index)]));
  const fieldOf = (recordIndex: number, key: string): string => fuseIndexRecords[recordIndex]?.$[keyIndex[key]]?.v ?? '';
  const postings = buildPostings(records.length, fieldOf);
  const vocabulary = [...postings.keys()].sort();
  const formsOf = createFormsLookup(vocabulary);

  function search(query: string, maxHits: number, options: SearchOptions = {}): SearchHit[] {
    const terms = queryTerms(query);
    if (terms.length === 0 || maxHits <= 0) return [];
    const candidateLimit = Math.min(maxFuseCandidates, Math.max(maxHits, Math.floor(fuseScanBudget / terms.length)));
    let expansions = terms.map((term) => expandTerm(term, vocabulary, formsOf));
    let found = preFilter(expansions, postings, records.length, candidateLimit);
    if (found.completeCount < enoughCompleteResults && terms.some((term) => allowedEdits(term.length) > 0)) {
      expansions = terms.map((term) => expandTerm(term, vocabulary, formsOf, { typos: 'always' }));
      found = preFilter(expansions, postings, records.length, candidateLimit);
    }
    const { candidates, matchOf } = found;
    if (candidates.length === 0) return [];
    const fuseScores = scoreWithFuse(candidates, terms);
    const phrase = terms.join(' ');
    const compactQuery = compactPhraseOf(query.slice(0, maxQueryLength));
    const spelledQuery = spelledPhraseOf(query.slice(0, maxQueryLength));
    const question = isQuestion(query);
    const ranked = candidates
      .map((recordIndex) => {
        const record = records[recordIndex];
        const isPageTop = record.heading === undefined;
        const match = matchOf(recordIndex);
        return {
          recordIndex,
          inVersion: options.version === undefined || record.version === undefined || record.version === options.version ? 1 : 0,
          ...match,
          // A page's top has its title as its headline.
          inTitle: isPageTop ? match.inHeadline : match.inTitle,
          exactHeadline: exactHeadlineRank(record.heading ?? record.title, isPageTop, compactQuery, spelledQuery),
          guideFirst: question && (record.kind === 'doc' || record.kind === 'category') ? 1 : 0,
          // Only a query of several words can be said "as written"; one word is coverage alone.
          hasPhrase:
            terms.length > 1 &&
            ` ${phraseOf(record.heading ?? record.title)} ${phraseOf(fieldOf(recordIndex, searchKeyNames.text))} `.includes(` ${phrase} `),
          isPageTop: isPageTop ? 1 : 0,
          score: (fuseScores.get(recordIndex) ?? 1) * kindFactor[record.kind],
        };
      })
      .sort(
        (a, b) =>
          b.inVersion - a.inVersion ||
          b.coverage - a.coverage ||
          b.exactHeadline - a.exactHeadline ||
          b.inHeadline - a.inHeadline ||
          b.guideFirst - a.guideFirst ||
          b.exact - a.exact ||
          b.inTitle - a.inTitle ||
          Number(b.hasPhrase) - Number(a.hasPhrase) ||
          b.isPageTop - a.isPageTop ||
          a.score - b.score ||
          a.recordIndex - b.recordIndex,
      );
    // The version being read fills the list first, however many of its pages are deferred.
    const chosen = [1, 0]
      .flatMap((tier) => diversify(ranked.filter((entry) => entry.inVersion === tier).map((entry) => entry.recordIndex), records, maxHits))
      .slice(0, maxHits);
    // Each query word's forms first: the link to a result carries only a few of them.
    const marked = interleave(expansions.map((expansion) => expansion.marked));
    return chosen.map((recordIndex) => toHit(records[recordIndex], fieldOf(recordIndex, searchKeyNames.text), marked));
  }

/**
 * How well a record's headline says the query: 0 when it does not; a page's title above a
 * section's heading (a page named like the query beats a section of that name elsewhere); and
 * written as the query is (`Minor units` for `minor units`) above run together as an identifier
 * (`minorUnits`).
 */
function exactHeadlineRank(headline: string, isPageTop: boolean, compactQuery: string, spelledQuery: string): number {
  if (compactPhraseOf(headline) !== compactQuery) return 0;
  return 1 + (isPageTop ? 2 : 0) + (spelledPhraseOf(headline) === spelledQuery ? 1 : 0);
}

/** fuse.js over the candidates only: an index of just their serialized records. */
  function scoreWithFuse(candidates: number[], terms: string[]): Map<number, number> {
    const subset = candidates.map((recordIndex) => fuseIndexRecords[recordIndex]).filter(Boolean);
    const index = Fuse.parseIndex<SearchDocument>({ keys: serializedIndex.keys, records: subset } as Parameters<typeof Fuse.parseIndex>[0]);
    const fuse = new Fuse(records, fuseOptions, index);
    const expression: Expression = { $or: terms };
    const scores = new Map<number, number>();
    for (const result of fuse.search(expression)) scores.set(result.refIndex, result.score ?? 1);
    return scores;
  }

  return { search };
}

/**
 * Word → records it occurs in, each posting `recordIndex * 16 + fieldMask`. Built once when the
 * engine is created, from the field values in the serialized index; words get numbers so that
 * each occurrence costs one map lookup.
 */
function buildPostings(recordCount: number, fieldOf: (recordIndex: number, key: string) => string): Map<string, number[]> {
  const fields: [string, number][] = [
    [searchKeyNames.headline, fieldBits.headline],
    [searchKeyNames.page, fieldBits.page],
    [searchKeyNames.text, fieldBits.text],
    [searchKeyNames.breadcrumb, fieldBits.breadcrumb],
  ];
  const wordNumbers = new Map<string, number>();
  const lists: number[][] = [];
  // Per word: the record it was last seen in and its fields there, to post each record once.
  let lastRecord = new Int32Array(1024);
  let masks = new Uint8Array(1024);
  const seenInRecord: number[] = [];
  let recordIndex = 0;
  let bit = 0;
  const visit = (word: string) => {
    let number = wordNumbers.get(word);
    if (number === undefined) {
      number = lists.length;
      wordNumbers.set(word, number);
      lists.push([]);
      if (number >= lastRecord.length) {
        lastRecord = grow(lastRecord, -1);
        masks = grow(masks, 0);
      }
      lastRecord[number] = -1;
    }
    if (lastRecord[number] !== recordIndex) {
      lastRecord[number] = recordIndex;
      masks[number] = 0;
      seenInRecord.push(number);
    }
    masks[number] |= bit;
  };
  for (; recordIndex < recordCount; recordIndex++) {
    seenInRecord.length = 0;
    for (const [key, fieldBit] of fields) {
      const value = fieldOf(recordIndex, key);
      bit = fieldBit;
      if (value) forEachWord(value, visit);
    }
    for (const number of seenInRecord) lists[number].push(recordIndex * (1 << fieldBitCount) + masks[number]);
  }
  const postings = new Map<string, number[]>();
  for (const [word, number] of wordNumbers) postings.set(word, lists[number]);
  return postings;
}

function grow<T extends Int32Array | Uint8Array>(array: T, fill: number): T {
  const larger = new (array.constructor as new (length: number) => T)(array.length * 2);
  larger.set(array);
  larger.fill(fill, array.length);
  return larger;
}

/** Matches at least this good are the word itself or a word it begins; the rest are typo matches. */
const strongMatchQuality = 0.85;
/** Another form of the word (`retries` for `retry`, `handling` for `handle`): nearly the word itself. */
const otherFormQuality = 0.9;

/** The vocabulary words a query word stands for, with how well each matches (1 = the word itself). */
interface TermExpansion {
  matches: Map<string, number>;
  /**
   * What to mark in results for the word: itself (which also marks the words it begins) and its
   * other forms; its typo matches only when the vocabulary has nothing else for it, since then the
   * query word is the typo (`timout` marks `timeout`, but `sound` never marks `round`).
   */
  marked: string[];
}

/** Typos tolerated in a query word: none in short words, where one typo makes another word. */
function allowedEdits(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/**
 * Shortest query word whose typos may also match the start of longer words: `timout` finds
 * `timeoutMs`, but `init` must not find `instance`.
 */
const minFuzzyPrefixLength = 5;

/** Most typo matches one query word expands to; the closest are kept. */
const maxFuzzyExpansions = 8;

/** Shortest query word whose other forms are looked up: a two-letter word has none worth finding. */
const minFormLength = 3;

/**
 * The words of a sorted vocabulary that share a word's stem, for {@link expandTerm}. Looked up
 * per query word rather than for the whole vocabulary when the engine starts: a stem differs from
 * its word at most in its last letter (`retry` → `retri`), so only the words that begin like the
 * stem are stemmed, once each.
 */
export function createFormsLookup(vocabulary: readonly string[]): (word: string) => readonly string[] {
  const stems = new Map<string, string>();
  const stemOfWord = (word: string): string => {
    let stem = stems.get(word);
    if (stem === undefined) {
      stem = stemOf(word);
      stems.set(word, stem);
    }
    return stem;
  };
  return (word) => {
    if (word.length < minFormLength) return [];
    const stem = stemOfWord(word);
    const start = stem.slice(0, Math.max(minFormLength - 1, stem.length - 1));
    const forms: string[] = [];
    for (let i = lowerBound(vocabulary, start); i < vocabulary.length && vocabulary[i].startsWith(start); i++) {
      if (stemOfWord(vocabulary[i]) === stem) forms.push(vocabulary[i]);
    }
    return forms;
  };
}

/**
 * When a query word also matches words a typo or two away: only when the vocabulary holds neither
 * the word, nor another form of it, nor a word it begins (`unmatched`), or `always`.
 */
export interface ExpandOptions {
  typos?: 'unmatched' | 'always';
}

/**
 * Expands a query word: exact, its other forms (`retry` → `retries`, `handle` → `handling`), as
 * the start of longer words (`time` → `timeout`), and within a typo or two of a word or of its
 * start (`timout` → `timeout`, `timeouterror`) as {@link ExpandOptions} says.
 */
export function expandTerm(
  term: string,
  vocabulary: readonly string[],
  formsOf: (word: string) => readonly string[] = () => [],
  { typos = 'unmatched' }: ExpandOptions = {},
): TermExpansion {
  const matches = new Map<string, number>();
  const first = lowerBound(vocabulary, term);
  if (vocabulary[first] === term) matches.set(term, 1);
  const otherForms = formsOf(term).filter((form) => form !== term);
  for (const form of otherForms) matches.set(form, otherFormQuality);
  // A single letter begins too many words to mean any of them.
  if (term.length >= 2) {
    for (let i = first; i < vocabulary.length && vocabulary[i].startsWith(term); i++) {
      if (!matches.has(vocabulary[i])) matches.set(vocabulary[i], strongMatchQuality);
    }
  }
  const matchedAsTyped = matches.size > 0;
  const edits = matchedAsTyped && typos === 'unmatched' ? 0 : allowedEdits(term.length);
  const fuzzy: { word: string; quality: number }[] = [];
  if (edits > 0) {
    const fuzzyPrefix = term.length >= minFuzzyPrefixLength;
    for (const word of vocabulary) {
      // Too short to be within reach, or too long unless typos may match a word's start.
      if (word.length < term.length - edits || (!fuzzyPrefix && word.length > term.length + edits)) continue;
      if (matches.has(word)) continue;
      const distance = boundedEditDistance(term, word, edits);
      if (distance.whole <= edits) fuzzy.push({ word, quality: 0.75 - 0.15 * (distance.whole - 1) });
      else if (fuzzyPrefix && distance.prefix <= edits) fuzzy.push({ word, quality: 0.6 - 0.15 * (distance.prefix - 1) });
    }
  }
  fuzzy.sort((a, b) => b.quality - a.quality || a.word.length - b.word.length);
  const kept = fuzzy.slice(0, maxFuzzyExpansions);
  for (const { word, quality } of kept) matches.set(word, quality);
  return { matches, marked: [term, ...otherForms, ...(matchedAsTyped ? [] : kept.map(({ word }) => word))] };
}

function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Optimal-string-alignment distance between a query word and a vocabulary word (`whole`), and
 * between the query word and the closest start of the vocabulary word (`prefix`), both capped
 * at `limit + 1`: the work stops as soon as every alignment is over the limit.
 */
export function boundedEditDistance(term: string, word: string, limit: number): { whole: number; prefix: number } {
  const over = limit + 1;
  const columns = Math.min(word.length, term.length + limit);
  let previousPrevious: number[] = [];
  let previous = Array.from({ length: columns + 1 }, (_, j) => j);
  for (let i = 1; i <= term.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= columns; j++) {
      const cost = term[i - 1] === word[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && term[i - 1] === word[j - 2] && term[i - 2] === word[j - 1]) {
        value = Math.min(value, previousPrevious[j - 2] + 1);
      }
      current[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > limit) return { whole: over, prefix: over };
    previousPrevious = previous;
    previous = current;
  }
  const whole = word.length <= columns ? Math.min(previous[word.length], over) : over;
  const prefix = Math.min(Math.min(...previous.slice(Math.max(0, term.length - limit))), over);
  return { whole, prefix };
}

/** How one candidate matches the query, counted in query words. */
interface RecordMatch {
  /** Query words held, a typo match counting half. */
  coverage: number;
  /** Query words in the record's own headline: its heading, or a page's title on the page's record. */
  inHeadline: number;
  /** Query words in the title of the record's page. */
  inTitle: number;
  /** Query words held as typed or as another form of themselves, not only as the start of a longer word. */
  exact: number;
}

/**
 * Finds the records holding any expansion of any query word, and keeps the best `limit`: most
 * query words first (a typo match counts half), then the rarer and better-placed words (a
 * headline beats running text). Also counts the records holding every query word.
 */
function preFilter(
  expansions: TermExpansion[],
  postings: Map<string, number[]>,
  recordCount: number,
  limit: number,
): { candidates: number[]; completeCount: number; matchOf: (recordIndex: number) => RecordMatch } {
  const termCount = expansions.length;
  const best = new Float32Array(recordCount * termCount);
  const quality = new Float64Array(recordCount * termCount);
  // Fields where a record holds the query word, another form of it or a word it begins.
  const strongFields = new Uint8Array(recordCount * termCount);
  const touched: number[] = [];
  const seen = new Uint8Array(recordCount);
  const documentFrequency = new Array<number>(termCount).fill(0);
  expansions.forEach((expansion, term) => {
    for (const [word, wordQuality] of expansion.matches) {
      for (const posting of postings.get(word) ?? []) {
        const recordIndex = posting >>> fieldBitCount;
        const mask = posting & ((1 << fieldBitCount) - 1);
        const value = wordQuality * fieldWeight(mask);
        const slot = recordIndex * termCount + term;
        if (best[slot] === 0) documentFrequency[term]++;
        if (value > best[slot]) best[slot] = value;
        if (wordQuality > quality[slot]) quality[slot] = wordQuality;
        if (wordQuality >= strongMatchQuality) strongFields[slot] |= mask;
        if (!seen[recordIndex]) {
          seen[recordIndex] = 1;
          touched.push(recordIndex);
        }
      }
    }
  });
  const inverseFrequency = documentFrequency.map((frequency) => Math.log(1 + recordCount / Math.max(1, frequency)));
  const coverageOf = (recordIndex: number): number => {
    let covered = 0;
    for (let term = 0; term < termCount; term++) {
      const slotQuality = quality[recordIndex * termCount + term];
      covered += slotQuality >= strongMatchQuality ? 1 : slotQuality > 0 ? 0.5 : 0;
    }
    return covered;
  };
  let completeCount = 0;
  const keys = new Float64Array(touched.length);
  touched.forEach((recordIndex, position) => {
    let weight = 0;
    let held = 0;
    for (let term = 0; term < termCount; term++) {
      const slot = recordIndex * termCount + term;
      weight += best[slot] * inverseFrequency[term];
      if (quality[slot] > 0) held++;
    }
    if (held === termCount) completeCount++;
    // Coverage dominates: the weight of one record never reaches 1000.
    keys[position] = coverageOf(recordIndex) * 1000 + weight;
  });
  const threshold = touched.length <= limit ? 0 : keys.slice().sort()[touched.length - limit];
  const candidates = touched
    .map((recordIndex, position) => ({ recordIndex, key: keys[position] }))
    .filter(({ key }) => key >= threshold)
    .sort((a, b) => b.key - a.key || a.recordIndex - b.recordIndex)
    .slice(0, limit)
    .map(({ recordIndex }) => recordIndex);
  const matchOf = (recordIndex: number): RecordMatch => {
    const match: RecordMatch = { coverage: coverageOf(recordIndex), inHeadline: 0, inTitle: 0, exact: 0 };
    for (let term = 0; term < termCount; term++) {
      const slot = recordIndex * termCount + term;
      const fields = strongFields[slot];
      if (fields & fieldBits.headline) match.inHeadline++;
      if (fields & fieldBits.page) match.inTitle++;
      if (quality[slot] >= otherFormQuality) match.exact++;
    }
    return match;
  };
  return { candidates, completeCount, matchOf };
}

/**
 * Picks the hits in rank order, each section once (long sections are several records), and no
 * more than {@link hitsPerPageFirst} of one page until every other page has had its turn.
 */
function diversify(ranked: number[], records: SearchDocument[], maxHits: number): number[] {
  const sections = new Set<string>();
  const perPage = new Map<string, number>();
  const chosen: number[] = [];
  const deferred: number[] = [];
  for (const recordIndex of ranked) {
    const record = records[recordIndex];
    const section = `${record.route}#${record.anchor ?? ''}`;
    if (sections.has(section)) continue;
    sections.add(section);
    const count = perPage.get(record.route) ?? 0;
    if (count >= hitsPerPageFirst) {
      deferred.push(recordIndex);
      continue;
    }
    perPage.set(record.route, count + 1);
    chosen.push(recordIndex);
    if (chosen.length === maxHits) return chosen;
  }
  return [...chosen, ...deferred].slice(0, maxHits);
}

/** The first items of all lists, then the second ones, and so on. */
function interleave(lists: string[][]): string[] {
  const longest = Math.max(0, ...lists.map((list) => list.length));
  const items: string[] = [];
  for (let position = 0; position < longest; position++) {
    for (const list of lists) if (position < list.length) items.push(list[position]);
  }
  return items;
}

/** Most words a result link carries to the target page for highlighting. */
const maxHighlightWords = 8;

function toHit(record: SearchDocument, text: string, marked: string[]): SearchHit {
  const params = new URLSearchParams();
  for (const word of [...new Set(marked)].slice(0, maxHighlightWords)) params.append(highlightParam, word);
  const url = `${record.route}?${params.toString()}${record.anchor ? `#${record.anchor}` : ''}`;
  return {
    record: { ...record, text },
    url,
    title: highlightSegments(record.title, marked),
    heading: record.heading ? highlightSegments(record.heading, marked) : undefined,
    snippet: snippetSegments(text, marked),
  };
}
