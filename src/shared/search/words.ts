import { stemmer } from 'stemmer';

/**
 * Word handling shared by the search engine's vocabulary, its queries and the highlighting, so
 * that all three agree on what a word is.
 */

const wordPattern = /[\p{L}\p{N}_]+/gu;
const wordSeparator = /[^\p{L}\p{N}_]+/u;
/** A lower-to-upper step (`rgsError`) or the end of an acronym (`RGSError`). */
const camelBoundary = /(?<=\p{Ll}|\p{N})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|_/u;

/**
 * Function words dropped from multi-word queries: "how to handle a timeout" should rank by
 * "handle" and "timeout", not by which section says "to" most often.
 */
const stopWords = new Set(
  'a an and are as at be by can do does for from how i if in into is it its my of on or our so than that the their then there these this to was we what when where which why will with you your'.split(' '),
);

/**
 * Calls `visit` with the lower-case words of a text, each followed by its camelCase and
 * snake_case parts: `TimeoutError` gives `timeouterror`, `timeout`, `error`.
 */
export function forEachWord(text: string, visit: (word: string) => void): void {
  // Splitting makes only the words' strings, where matching makes an array per word: this runs
  // over every text of the site when the engine starts.
  for (const word of text.split(wordSeparator)) {
    if (!word) continue;
    const lower = word.toLowerCase();
    visit(lower);
    // Cheap checks first: most words are all lower case, or capitalised only at the start.
    const mayHaveParts = word.includes('_') || word.slice(1) !== lower.slice(1);
    if (mayHaveParts && camelBoundary.test(word)) {
      for (const part of word.split(camelBoundary)) if (part) visit(part.toLowerCase());
    }
  }
}

/** Longest query the engine looks at; the rest of a pasted page cannot change the results. */
export const maxQueryLength = 120;
/** Most words of one query that are searched. */
export const maxQueryTerms = 6;

/** The lower-case words of a text, function words left out unless there is nothing else. */
function meaningfulWords(text: string): string[] {
  const words = (text.match(wordPattern) ?? []).map((word) => word.toLowerCase());
  const meaningful = words.filter((word) => !stopWords.has(word));
  return meaningful.length > 0 ? meaningful : words;
}

/** The words of a query to search for: {@link meaningfulWords}, each once, at most {@link maxQueryTerms}. */
export function queryTerms(query: string): string[] {
  return [...new Set(meaningfulWords(query.slice(0, maxQueryLength)))].slice(0, maxQueryTerms);
}

/** A text as the sequence of words a query searches for, to compare phrases word by word. */
export function phraseOf(text: string): string {
  return meaningfulWords(text).join(' ');
}

/**
 * The stem of an English word (Porter): `handle`, `handling` and `handled` share `handl`,
 * `retry` and `retries` share `retri`, so that a query word finds the other forms of itself.
 */
export function stemOf(word: string): string {
  return stemmer(word);
}

/**
 * Words that open a question: a query starting with one asks how to do something, which a guide
 * answers better than an API entry.
 */
const questionWords = new Set('how why what when where which can should do does is are'.split(' '));

/** Whether a query is phrased as a question (`how to handle errors`, `why is the win credited late`). */
export function isQuestion(query: string): boolean {
  const first = query.slice(0, maxQueryLength).match(wordPattern)?.[0]?.toLowerCase();
  return first !== undefined && questionWords.has(first);
}

/**
 * A text's words run together without case or underscores, so that a heading `CurrencyFormat`,
 * `currency_format` or `Currency format` and the query `currency format` compare equal.
 */
export function compactPhraseOf(text: string): string {
  return spelledPhraseOf(text).replace(/[ _]/g, '');
}

/** A text's lower-case words, function words included, one space apart. */
export function spelledPhraseOf(text: string): string {
  return (text.match(wordPattern) ?? []).join(' ').toLowerCase();
}

/** Escapes a string for use inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Either case of each letter, so a pattern can tell cases apart around a match and still ignore case in it. */
function caseInsensitiveSource(word: string): string {
  let source = '';
  for (const char of word) {
    const lower = char.toLowerCase();
    const upper = char.toUpperCase();
    source += lower !== upper && lower.length === 1 && upper.length === 1 ? `[${lower}${upper}]` : escapeRegExp(char);
  }
  return source;
}

/**
 * Where a word or a part of an identifier starts: after a character that is not a letter, digit or
 * underscore; after an underscore; at a lower-to-upper step (`currencyFormat`); at the last capital
 * of an acronym (`RGSError`). The same parts {@link forEachWord} indexes.
 */
const wordStart = String.raw`(?:(?<![\p{L}\p{N}_])|(?<=_)|(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll}))`;

/**
 * A pattern that finds any of the words where a word or a part of an identifier starts (so `time`
 * marks the start of `Timeout` and `format` the end of `CurrencyFormat`), ignoring case. Undefined
 * when there is nothing to find.
 */
export function wordStartPattern(words: readonly string[]): RegExp | undefined {
  const alternatives = [...new Set(words.filter(Boolean))].sort((a, b) => b.length - a.length).map(caseInsensitiveSource);
  if (alternatives.length === 0) return undefined;
  // Not the `i` flag: under it, \p{Lu} and \p{Ll} match either case and the steps could not be told.
  return new RegExp(`${wordStart}(?:${alternatives.join('|')})`, 'gu');
}
