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
 * The singular of an English plural, roughly (`retries` → `retry`, `timeouts` → `timeout`,
 * `classes` → `class`), so that either form finds both. Other words are returned as they are.
 */
export function singularOf(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Escapes a string for use inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A pattern that finds any of the words where a word starts (so `time` marks the start of
 * `Timeout`), case-insensitively. Undefined when there is nothing to find.
 */
export function wordStartPattern(words: readonly string[]): RegExp | undefined {
  const alternatives = [...new Set(words.filter(Boolean))].sort((a, b) => b.length - a.length).map(escapeRegExp);
  if (alternatives.length === 0) return undefined;
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join('|')})`, 'giu');
}
