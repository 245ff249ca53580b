import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import type { Diagnostic } from '../core/diagnostic.js';
import type { FrontMatter } from '../core/site.js';
import { frontMatterFence as fence } from '../markdown/doc-text.js';
import { yamlToData } from './yaml-data.js';
import { plainFrontMatter } from './plain-front-matter.js';
import { validateFrontMatterKeys, type KeyPosition } from './front-matter-keys.js';

export interface FrontMatterResult {
  data: FrontMatter;
  /** 1-based line where the markdown body starts. */
  bodyLine: number;
  body: string;
  diagnostics: Diagnostic[];
  /** Where each top-level key is written, for diagnostics about its value. */
  keyPositions: Record<string, KeyPosition>;
}

/**
 * Reads the YAML front matter of a markdown file; every problem is a diagnostic at its line.
 * `plain: false` leaves out the fast reading of plain front matter, for the test that holds it
 * to the YAML parser's result.
 */
export function parseFrontMatter(raw: string, file: string, { plain: tryPlain = true } = {}): FrontMatterResult {
  const match = fence.exec(raw);
  if (!match) return { data: {}, bodyLine: 1, body: raw, diagnostics: [], keyPositions: {} };
  const yamlText = match[1];
  const bodyLine = match[0].split('\n').length - (match[0].endsWith('\n') ? 1 : 0) + 1;
  const body = raw.slice(match[0].length);
  const read = (tryPlain && plainFrontMatter(yamlText)) || readYamlFrontMatter(yamlText, file);
  if ('diagnostics' in read) return { data: {}, bodyLine, body, diagnostics: read.diagnostics, keyPositions: {} };
  const { data, keyPositions } = read;
  const positionOf = (key: string): KeyPosition => keyPositions[key] ?? { line: 2, column: 1 };
  return { data, bodyLine, body, diagnostics: validateFrontMatterKeys(data, file, positionOf), keyPositions };
}

/** Front matter through the YAML parser: its data and where each top-level key is written, or the problems that stop it. */
function readYamlFrontMatter(yamlText: string, file: string): { data: FrontMatter; keyPositions: Record<string, KeyPosition> } | { diagnostics: Diagnostic[] } {
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
  if (diagnostics.length > 0) return { diagnostics };
  const converted = yamlToData(document);
  for (const problem of converted.problems) {
    const position = lineCounter.linePos(problem.offset);
    diagnostics.push({ severity: 'error', code: 'front-matter', message: problem.message, file, line: position.line + 1, column: position.col, hint: problem.hint });
  }
  if (diagnostics.length > 0) return { diagnostics };
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
    return { diagnostics };
  }
  const keyPositions: Record<string, KeyPosition> = {};
  if (isMap(document.contents)) {
    for (const pair of document.contents.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
      const start = (pair.key as { range?: [number, number, number] } | null)?.range?.[0];
      if (key === undefined || start === undefined) continue;
      const position = lineCounter.linePos(start);
      // The opening `---` is the file's first line.
      keyPositions[key] = { line: position.line + 1, column: position.col };
    }
  }
  return { data, keyPositions };
}
