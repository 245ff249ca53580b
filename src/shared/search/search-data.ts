/**
 * The shape of the two search files the build emits and the browser reads: the documents (one
 * record per page section) and the serialized fuse.js index over them. Both sides import the
 * keys from here, so the index the build creates always matches the options the client searches
 * with.
 */

/** What a record stands for; API symbols and members rank above prose on equal matches. */
export type SearchRecordKind = 'doc' | 'category' | 'api-symbol' | 'api-member';

/**
 * One searchable section of a page, as the documents file lists it. Its text is not repeated
 * here: the index carries every searched field verbatim, so the client reads the text from there
 * and the two files do not ship it twice.
 */
export interface SearchDocument {
  /** Page route with the base URL: `/sdk/docs/advanced/error-handling`. */
  route: string;
  /** Id of the section's heading; absent for the page's own record (its top). */
  anchor?: string;
  /** The page's title. */
  title: string;
  /** The section's heading; absent for the page's own record. */
  heading?: string;
  /** Labels of the categories the page sits in, outermost first: `Getting Started`. */
  breadcrumb: string[];
  kind: SearchRecordKind;
  /** With several docs versions: the name of the version the page belongs to. */
  version?: string;
}

/** A search record: a page section with its plain text. */
export interface SearchRecord extends SearchDocument {
  /** Plain text of the section (code blocks left out), at most {@link maxRecordTextLength} characters. */
  text: string;
}

/** The documents file: the records without their text, in the order the index refers to them. */
export interface SearchDocuments {
  records: SearchDocument[];
}

/** The index file: `Fuse.createIndex(searchKeys, records).toJSON()`. */
export interface SerializedSearchIndex {
  keys: { path: string[]; id: string; weight: number; src: string | string[] }[];
  records: { i: number; $: Record<string, { v: string; n: number }> }[];
}

/**
 * Longest text a record keeps. fuse.js scans every candidate's text for every query word, so
 * long texts cost query time and file size; sections longer than this are split into several
 * records with the same anchor, so no word of the docs goes unsearched.
 */
export const maxRecordTextLength = 600;

/** Names of the searchable fields, as fuse.js keys. */
export const searchKeyNames = {
  /** The record's own headline: the section heading, or the page title on a page's record. */
  headline: 'headline',
  /** The page title, on section records only, so a query can combine page and section words. */
  page: 'page',
  text: 'text',
  breadcrumb: 'breadcrumb',
} as const;

/**
 * The fuse.js keys and their weights. A word in a headline (a page title, a heading, an API
 * symbol or member name) counts far more than the same word in running text.
 */
export const searchKeys: { name: string; weight: number }[] = [
  { name: searchKeyNames.headline, weight: 10 },
  { name: searchKeyNames.page, weight: 3 },
  { name: searchKeyNames.text, weight: 2 },
  { name: searchKeyNames.breadcrumb, weight: 1 },
];

/** The value of each searchable field of a record; the build indexes these, in key order. */
export function searchFieldValues(record: SearchRecord): Record<string, string | undefined> {
  return {
    [searchKeyNames.headline]: record.heading ?? record.title,
    [searchKeyNames.page]: record.heading ? record.title : undefined,
    [searchKeyNames.text]: record.text || undefined,
    [searchKeyNames.breadcrumb]: record.breadcrumb.length > 0 ? record.breadcrumb.join(' ') : undefined,
  };
}

/** Query parameter that carries the searched words to the target page, which highlights them. */
export const highlightParam = '_highlight';

/** Class of the `<mark>` elements around searched words on the target page. */
export const pageHighlightClass = 'search-highlight';
