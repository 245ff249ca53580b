import { wordStartPattern } from './words.js';

/** A piece of text, marked when it is one of the searched words. */
export interface TextSegment {
  text: string;
  marked?: boolean;
}

/** Splits a text into plain and marked pieces: every place where one of the words starts a word. */
export function highlightSegments(text: string, words: readonly string[]): TextSegment[] {
  const pattern = wordStartPattern(words);
  if (!pattern) return text ? [{ text }] : [];
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) segments.push({ text: text.slice(last, match.index) });
    segments.push({ text: match[0], marked: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last) });
  return segments;
}

/** Characters of section text a result shows. */
export const snippetLength = 160;
/** Characters of context a snippet keeps before its first marked word. */
const leadingContext = 40;

/**
 * A window of the text around the first searched word, cut at word boundaries, with `…` where it
 * was cut, and the searched words marked.
 */
export function snippetSegments(text: string, words: readonly string[]): TextSegment[] {
  if (text.length <= snippetLength) return highlightSegments(text, words);
  const pattern = wordStartPattern(words);
  const first = pattern ? (pattern.exec(text)?.index ?? 0) : 0;
  let start = Math.max(0, Math.min(first - leadingContext, text.length - snippetLength));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < first ? space + 1 : start;
  }
  let end = Math.min(text.length, start + snippetLength);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > first && space > start) end = space;
  }
  const segments = highlightSegments(text.slice(start, end), words);
  if (start > 0) segments.unshift({ text: '…' });
  if (end < text.length) segments.push({ text: '…' });
  return segments;
}
