import { closest, editDistance } from '../config/load.js';
import { unsafeScheme } from '../shared/safe-url.js';
import type { Diagnostic } from '../core/diagnostic.js';

/** Where a front matter key's value starts, 1-based, in the markdown file. */
export interface KeyPosition {
  line: number;
  column: number;
}

interface KeyRule {
  /** What the value must be, for the message: `a string`, `true or false`. */
  expected: string;
  valid(value: unknown): boolean;
  /** Docusaurus (Joi) converts quoted numbers and booleans (`"2"`, `'true'`): so does sdkdocs. */
  convert?(value: unknown): unknown;
  /** An example line for the hint. */
  example: string;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

const string = (example: string): KeyRule => ({ expected: 'a string', valid: isString, example });
const toNumber = (value: unknown): unknown => (typeof value === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/.test(value) ? Number(value) : value);
const toBoolean = (value: unknown): unknown => (typeof value === 'string' && /^(true|false)$/i.test(value.trim()) ? value.trim().toLowerCase() === 'true' : value);
const boolean = (key: string): KeyRule => ({ expected: 'true or false', valid: (v) => typeof v === 'boolean', convert: toBoolean, example: `${key}: true` });
const stringOrNull = (example: string): KeyRule => ({ expected: 'a string or null', valid: (v) => v === null || isString(v), example });
const headingLevel = (key: string): KeyRule => ({
  expected: 'a heading level from 2 to 6',
  valid: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 2 && v <= 6,
  convert: toNumber,
  example: `${key}: 3`,
});

/**
 * The front matter keys of Docusaurus docs (plugin-content-docs' schema), each with the type
 * Docusaurus accepts. Every one of them is read by sdkdocs; see README "Site content".
 */
const docKeys: Record<string, KeyRule> = {
  id: {
    expected: 'a string without "/"',
    valid: (v) => isString(v) && v.length > 0 && !v.includes('/'),
    example: 'id: installation',
  },
  title: string('title: Installation'),
  description: string('description: How to install the SDK.'),
  slug: string('slug: /install'),
  keywords: {
    expected: 'a list of strings',
    valid: (v) => Array.isArray(v) && v.every(isString),
    example: 'keywords: [sdk, install]',
  },
  image: string('image: /img/cover.png'),
  hide_title: boolean('hide_title'),
  hide_table_of_contents: boolean('hide_table_of_contents'),
  toc_min_heading_level: headingLevel('toc_min_heading_level'),
  toc_max_heading_level: headingLevel('toc_max_heading_level'),
  sidebar_label: string('sidebar_label: Install'),
  sidebar_position: { expected: 'a number', valid: (v) => typeof v === 'number' && Number.isFinite(v), convert: toNumber, example: 'sidebar_position: 2' },
  sidebar_class_name: string('sidebar_class_name: sidebar-new'),
  sidebar_custom_props: { expected: 'a mapping of keys to values', valid: isPlainObject, example: 'sidebar_custom_props: {badge: new}' },
  sidebar_key: string('sidebar_key: install'),
  displayed_sidebar: stringOrNull('displayed_sidebar: docsSidebar'),
  pagination_label: string('pagination_label: Install'),
  pagination_next: stringOrNull('pagination_next: getting-started/configuration'),
  pagination_prev: stringOrNull('pagination_prev: null'),
  custom_edit_url: stringOrNull('custom_edit_url: https://github.com/org/repo/edit/main/docs/intro.md'),
  parse_number_prefixes: boolean('parse_number_prefixes'),
  tags: {
    expected: 'a list of tags (strings, or {label, permalink} whose permalink is a path under the tags page, without ".." segments)',
    valid: (v) =>
      Array.isArray(v) &&
      v.every((tag) => isString(tag) || (isPlainObject(tag) && isString(tag.label) && (tag.permalink === undefined || (isString(tag.permalink) && !/(^|[\\/])\.\.([\\/]|$)/.test(tag.permalink))))),
    example: 'tags: [setup, android]',
  },
  draft: boolean('draft'),
  unlisted: boolean('unlisted'),
  last_update: {
    expected: 'a mapping with `date` (a date such as 2025-01-31) and/or `author` (a name)',
    valid: (v) =>
      isPlainObject(v) &&
      (v.author !== undefined || v.date !== undefined) &&
      (v.author === undefined || isString(v.author)) &&
      (v.date === undefined || ((isString(v.date) || v.date instanceof Date) && !Number.isNaN(new Date(v.date as string).getTime()))),
    example: 'last_update: {date: 2025-01-31, author: Ada}',
  },
};

/** Every front matter key sdkdocs knows, for "did you mean" and the README. */
export const knownFrontMatterKeys: readonly string[] = Object.keys(docKeys);

/**
 * Checks the keys of a doc's front matter: a known key with a value of the wrong type is an error
 * (Docusaurus rejects it too); an unknown key that is close to a known one is a warning with a
 * suggestion, since it is almost certainly a typo whose setting would otherwise be lost without a
 * word. Other unknown keys are left alone, as Docusaurus does: they are often read by other tools.
 * A known key written with no value (`title:`, null in YAML) is dropped from `data`, as if absent,
 * unless null means something for it (`pagination_next: null` hides the link); a quoted number or
 * boolean is converted in `data`, as Docusaurus converts it.
 */
export function validateFrontMatterKeys(data: Record<string, unknown>, file: string, positionOf: (key: string) => KeyPosition): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const [key, written] of Object.entries(data)) {
    const rule = docKeys[key];
    if (!rule) {
      const suggestion = typoOf(key);
      if (suggestion && !(suggestion in data)) {
        diagnostics.push({
          severity: 'warning',
          code: 'front-matter',
          message: `Unknown front matter key "${key}": it is ignored.`,
          file,
          ...positionOf(key),
          hint: `Did you mean "${suggestion}"?`,
        });
      }
      continue;
    }
    const value = rule.convert ? rule.convert(written) : written;
    if (value !== written && rule.valid(value)) data[key] = value;
    // `key:` with nothing after it is null in YAML: the same as leaving the key out, except where null means something.
    if (value === null && !rule.valid(null)) {
      delete data[key];
      continue;
    }
    if (rule.valid(value)) continue;
    diagnostics.push({
      severity: 'error',
      code: 'front-matter',
      message: `Front matter key "${key}" must be ${rule.expected}, found ${describe(value)}.`,
      file,
      ...positionOf(key),
      hint: `For example: \`${rule.example}\`.`,
    });
  }
  // URLs the page links or loads: one that would run script is not published (the rest of the page is).
  for (const key of ['image', 'custom_edit_url']) {
    const value = data[key];
    const scheme = typeof value === 'string' ? unsafeScheme(value, key === 'image' ? 'img' : 'a') : undefined;
    if (!scheme) continue;
    delete data[key];
    diagnostics.push({
      severity: 'warning',
      code: 'unsafe-url',
      message: `The ${scheme}: URL of front matter key "${key}" was removed: it could run script in the reader's browser.`,
      file,
      ...positionOf(key),
      hint: key === 'image' ? 'Give an image path of the site or an http(s) URL.' : 'Give an http(s) URL of the file in its repository.',
    });
  }
  const min = data.toc_min_heading_level;
  const max = data.toc_max_heading_level;
  if (typeof min === 'number' && typeof max === 'number' && docKeys.toc_min_heading_level.valid(min) && docKeys.toc_max_heading_level.valid(max) && min > max) {
    diagnostics.push({
      severity: 'error',
      code: 'front-matter',
      message: `toc_min_heading_level (${min}) is greater than toc_max_heading_level (${max}).`,
      file,
      ...positionOf('toc_min_heading_level'),
      hint: 'The table of contents lists headings from the min level to the max level, e.g. 2 and 4.',
    });
  }
  if (data.draft === true && data.unlisted === true) {
    diagnostics.push({
      severity: 'error',
      code: 'front-matter',
      message: 'A doc cannot be both `draft` and `unlisted`.',
      file,
      ...positionOf('unlisted'),
      hint: '`draft: true` leaves the doc out of production builds; `unlisted: true` builds it but lists it nowhere. Keep one.',
    });
  }
  return diagnostics;
}

/**
 * The known key an unknown one is a typo of, if any. Stricter than the config's "did you mean":
 * front matter is shared with other tools, whose keys (`sidebar_icon`) must not read as typos.
 */
function typoOf(key: string): string | undefined {
  const suggestion = closest(key, knownFrontMatterKeys as string[]);
  if (suggestion === undefined) return undefined;
  return editDistance(key.toLowerCase(), suggestion.toLowerCase()) <= Math.min(2, Math.ceil(key.length / 4)) ? suggestion : undefined;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list (${JSON.stringify(value)})`;
  if (value instanceof Date) return `a date (${value.toISOString().slice(0, 10)})`;
  if (typeof value === 'object') return `a mapping (${JSON.stringify(value)})`;
  return `${typeof value} ${JSON.stringify(value)}`;
}
