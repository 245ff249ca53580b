import path from 'node:path';
import pc from 'picocolors';
import type { Diagnostic } from '../model/diagnostic.js';

export type { Diagnostic, Severity } from '../model/diagnostic.js';

/** Exit codes, one per failure class. */
export const ExitCode = {
  ok: 0,
  /** The user's input is wrong: config, content, links, SDK source. */
  inputError: 1,
  /** The command line itself is wrong. */
  usage: 2,
  /** A bug or an environment problem (missing browser, disk full). */
  internal: 3,
} as const;

/**
 * Diagnostic codes that mean the machine lacks something (a browser), not that the input is
 * wrong: the CLI exits with {@link ExitCode.internal} for them.
 */
export const environmentDiagnosticCodes: ReadonlySet<string> = new Set(['chromium']);

/** Thrown for problems the user must fix; carries one or more diagnostics. */
export class UserError extends Error {
  readonly diagnostics: Diagnostic[];
  constructor(diagnostics: Diagnostic[] | Diagnostic) {
    const list = Array.isArray(diagnostics) ? diagnostics : [diagnostics];
    super(list.map((d) => formatDiagnostic(d, { color: false })).join('\n'));
    this.name = 'UserError';
    this.diagnostics = list;
  }
}

/**
 * A diagnostic as one line: `file:line:column error <what>. <how to fix>`, the path relative to
 * `cwd` when inside it. With `code`, the line
 * ends with `[code]`, the key of its explanation in the error catalogue (`sdkdocs errors <code>`).
 */
export function formatDiagnostic(d: Diagnostic, options: { color?: boolean; cwd?: string; code?: boolean } = {}): string {
  const color = options.color ?? false;
  const cwd = options.cwd ?? process.cwd();
  let where = '';
  if (d.file) {
    const rel = path.relative(cwd, d.file);
    where = rel && !rel.startsWith('..') ? rel : d.file;
    if (d.line !== undefined) where += `:${d.line}`;
    if (d.line !== undefined && d.column !== undefined) where += `:${d.column}`;
  }
  const label = d.severity === 'error' ? 'error' : 'warning';
  const paint = color ? (d.severity === 'error' ? pc.red : pc.yellow) : (s: string) => s;
  const parts = [where ? (color ? pc.bold(where) : where) : '', paint(label), d.message];
  let text = parts.filter(Boolean).join(' ');
  if (d.hint) text += color ? ` ${pc.dim(d.hint)}` : ` ${d.hint}`;
  if (options.code && d.code) text += color ? ` ${pc.dim(`[${d.code}]`)}` : ` [${d.code}]`;
  return text;
}

/**
 * A failed read or listing (permission denied, deleted meanwhile…) as an error at the path, with
 * what to do about it.
 */
export function fileSystemDiagnostic(error: unknown, file: string, what: 'file' | 'folder'): Diagnostic {
  const code = (error as NodeJS.ErrnoException).code;
  const base = { severity: 'error' as const, code: 'read', file };
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return {
        ...base,
        message: `This ${what} cannot be read: permission denied.`,
        hint: `Give the user running sdkdocs read access to it (chmod a+r${what === 'folder' ? 'x' : ''}), or move it out of the site.`,
      };
    case 'ENOENT':
      return {
        ...base,
        message: `This ${what} was deleted or moved while the build was reading it.`,
        hint: 'Run the build again once the files have stopped changing.',
      };
    case 'EISDIR':
      return { ...base, message: 'This is a folder where a file was expected.', hint: 'Rename the folder, or remove it.' };
    default:
      return {
        ...base,
        message: `This ${what} cannot be read: ${(error as Error).message.replace(/^\w+: /, '')}.`,
        hint: 'Check the disk and the permissions of the file, then run the build again.',
      };
  }
}

/** A value as an error message names what was found: `"text"`, `an array`, `number 3`, `nothing`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}
