import { LineCounter, parseDocument } from 'yaml';
import type { Diagnostic } from '../core/diagnostic.js';
import type { FrontMatter } from '../core/site.js';
import { yamlToData } from './yaml-data.js';

export interface FrontMatterResult {
  data: FrontMatter;
  /** 1-based line where the markdown body starts. */
  bodyLine: number;
  body: string;
  diagnostics: Diagnostic[];
}

const fence = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

/** Expected types of the Docusaurus front matter keys sdkdocs reads. */
const knownKeys: Record<string, 'string' | 'number' | 'boolean'> = {
  id: 'string',
  title: 'string',
  sidebar_label: 'string',
  sidebar_position: 'number',
  slug: 'string',
  description: 'string',
  hide_table_of_contents: 'boolean',
  pagination_next: 'string',
  pagination_prev: 'string',
};

/** Reads the YAML front matter of a markdown file; every problem is a diagnostic at its line. */
export function parseFrontMatter(raw: string, file: string): FrontMatterResult {
  const match = fence.exec(raw);
  if (!match) return { data: {}, bodyLine: 1, body: raw, diagnostics: [] };
  const yamlText = match[1];
  const bodyLine = match[0].split('\n').length - (match[0].endsWith('\n') ? 1 : 0) + 1;
  const body = raw.slice(match[0].length);
  const lineCounter = new LineCounter();
  const document = parseDocument(yamlText, { lineCounter, prettyErrors: false });
  const diagnostics: Diagnostic[] = [];
  for (const error of document.errors) {
    const position = lineCounter.linePos(error.pos[0]);
    diagnostics.push({
      severity: 'error',
      code: 'front-matter',
      message: `Malformed front matter: ${error.message.split('\n')[0]}`,
      file,
      line: position.line + 1,
      column: position.col,
      hint: 'Front matter is YAML between two `---` lines; quote values that contain `:` or start with a special character.',
    });
  }
  if (diagnostics.length > 0) return { data: {}, bodyLine, body, diagnostics };
  const converted = yamlToData(document);
  for (const problem of converted.problems) {
    const position = lineCounter.linePos(problem.offset);
    diagnostics.push({ severity: 'error', code: 'front-matter', message: problem.message, file, line: position.line + 1, column: position.col, hint: problem.hint });
  }
  if (diagnostics.length > 0) return { data: {}, bodyLine, body, diagnostics };
  const data = (converted.data ?? {}) as FrontMatter;
  if (typeof data !== 'object' || Array.isArray(data)) {
    diagnostics.push({
      severity: 'error',
      code: 'front-matter',
      message: 'Front matter must be a YAML mapping of keys to values.',
      file,
      line: 2,
      column: 1,
      hint: 'Write it as `key: value` lines, e.g. `title: Installation`.',
    });
    return { data: {}, bodyLine, body, diagnostics };
  }
  for (const [key, expected] of Object.entries(knownKeys)) {
    const value = data[key];
    if (value === undefined || value === null || typeof value === expected) continue;
    const node = document.get(key, true) as { range?: [number, number, number] } | undefined;
    const position = lineCounter.linePos(node?.range?.[0] ?? 0);
    diagnostics.push({
      severity: 'error',
      code: 'front-matter',
      message: `Front matter key "${key}" must be a ${expected}, found ${JSON.stringify(value)}.`,
      file,
      line: position.line + 1,
      column: position.col,
      hint: expected === 'number' ? `Write it without quotes, e.g. \`${key}: 2\`.` : `Write it as a ${expected}.`,
    });
  }
  return { data, bodyLine, body, diagnostics };
}
