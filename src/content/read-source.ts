import { readFileSync, statSync } from 'node:fs';
import { readdir, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileSystemDiagnostic, type Diagnostic } from '../core/diagnostic.js';

/**
 * Largest markdown file sdkdocs compiles. Parsing a long doc costs more than its length (a doc
 * of many lists or block quotes costs micromark time in proportion to its length squared), so a
 * bigger file is refused at once instead of holding the build for minutes and gigabytes.
 */
export const maxDocBytes = 512 * 1024;

/** A file found under the docs folder, by the path it was found at (a symlink's own path). */
export interface ListedFile {
  file: string;
  /** Folders between the docs folder and the file. */
  parts: string[];
}

/** What walking the docs folder found. */
export interface DocsFolderListing {
  files: ListedFile[];
  /** Every folder walked (by the path it was reached at), empty ones included. */
  folders: string[];
  diagnostics: Diagnostic[];
}

/**
 * Every file under the docs folder, `node_modules` left out, sorted by path. Symlinks are
 * followed when their target lies inside the site folder; one pointing outside it, or nowhere, is
 * an error at the link, and so is a folder that cannot be read: nothing is left out without a word.
 */
export async function listDocsFolder(docsDir: string, siteDir: string): Promise<DocsFolderListing> {
  const files: ListedFile[] = [];
  const folders: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const siteRoot = await realpath(siteDir).catch(() => path.resolve(siteDir));
  const walk = async (dir: string, parts: string[], ancestors: string[]): Promise<void> => {
    folders.push(dir);
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      diagnostics.push(fileSystemDiagnostic(error, dir, 'folder'));
      return;
    }
    for (const entry of entries) {
      if (entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      if (entry.isFile()) {
        files.push({ file: full, parts });
      } else if (entry.isDirectory()) {
        await walk(full, [...parts, entry.name], [...ancestors, path.join(ancestors.at(-1)!, entry.name)]);
      } else if (entry.isSymbolicLink()) {
        const target = await followLink(full, siteRoot, diagnostics);
        if (target?.kind === 'file') files.push({ file: full, parts });
        else if (target?.kind === 'folder') {
          if (ancestors.includes(target.real)) {
            diagnostics.push({
              severity: 'error',
              code: 'symlink',
              message: `${entry.name} is a symbolic link to a folder that contains it (${target.real}): following it would never end.`,
              file: full,
              hint: 'Remove the link, or point it at a folder outside this one.',
            });
          } else {
            await walk(full, [...parts, entry.name], [...ancestors, target.real]);
          }
        }
      } else if (isSourceName(entry.name)) {
        diagnostics.push({
          severity: 'error',
          code: 'read',
          message: `${entry.name} is not a regular file (a pipe, socket or device), so it cannot be read as a doc.`,
          file: full,
          hint: 'Replace it with a markdown file, or remove it from the docs folder.',
        });
      }
    }
  };
  await walk(docsDir, [], [await realpath(docsDir).catch(() => docsDir)]);
  files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { files, folders, diagnostics };
}

/** Docs and category files: the names whose loss would change the site. */
function isSourceName(name: string): boolean {
  return /\.mdx?$/i.test(name) || /^_category_\.(json|ya?ml)$/.test(name);
}

/** Where a symlink under the docs folder leads, when the build may follow it; else a diagnostic. */
async function followLink(
  link: string,
  siteRoot: string,
  diagnostics: Diagnostic[],
): Promise<{ kind: 'file' | 'folder'; real: string } | undefined> {
  let real: string;
  try {
    real = await realpath(link);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    diagnostics.push({
      severity: 'error',
      code: 'symlink',
      message:
        code === 'ELOOP'
          ? `${path.basename(link)} is a symbolic link that leads back to itself.`
          : code === 'ENOENT'
            ? `${path.basename(link)} is a symbolic link to ${await readlink(link).catch(() => 'a path')}, which does not exist.`
            : `${path.basename(link)} is a symbolic link that cannot be followed (${code ?? (error as Error).message}).`,
      file: link,
      hint: 'Point the link at an existing file inside the site folder, or remove it.',
    });
    return undefined;
  }
  const relative = path.relative(siteRoot, real);
  if (relative.startsWith('..') || path.isAbsolute(relative)) {
    diagnostics.push({
      severity: 'error',
      code: 'symlink',
      message: `${path.basename(link)} is a symbolic link to ${real}, outside the site folder: sdkdocs publishes only what lies inside the site.`,
      file: link,
      hint: 'Copy the file into the docs folder instead of linking to it, or move the site folder so that it contains the target.',
    });
    return undefined;
  }
  let info;
  try {
    info = await stat(real);
  } catch (error) {
    diagnostics.push(fileSystemDiagnostic(error, link, 'file'));
    return undefined;
  }
  if (info.isDirectory()) return { kind: 'folder', real };
  if (info.isFile()) return { kind: 'file', real };
  return undefined;
}

/** A doc's text, or why it cannot be one: located errors, and a warning for text decoded from UTF-16. */
export interface SourceText {
  text?: string;
  diagnostics: Diagnostic[];
}

/**
 * Reads a markdown file as text: UTF-8 (a byte order mark is dropped), or UTF-16 with a byte
 * order mark (with a warning). A file that is too big, cannot be read, is not valid UTF-8 or
 * holds a NUL byte (binary, or text no page should carry) gives an error at its place instead.
 * Read synchronously: a site's docs are many small files, for which the thread pool's round
 * trips cost several times the reading itself.
 */
export function readSourceText(file: string, options: { maxBytes?: number } = {}): SourceText {
  const maxBytes = options.maxBytes ?? maxDocBytes;
  let bytes: Buffer;
  try {
    const size = statSync(file).size;
    if (size > maxBytes) {
      return {
        diagnostics: [
          {
            severity: 'error',
            code: 'doc-too-large',
            message: `This doc is ${formatBytes(size)}; sdkdocs compiles docs of up to ${formatBytes(maxBytes)}.`,
            file,
            hint: 'Split it into several docs (a folder of them becomes a sidebar category).',
          },
        ],
      };
    }
    bytes = readFileSync(file);
  } catch (error) {
    return { diagnostics: [fileSystemDiagnostic(error, file, 'file')] };
  }
  return decodeSourceText(bytes, file);
}

/** The text of a file's bytes; see {@link readSourceText}. */
export function decodeSourceText(bytes: Uint8Array, file: string): SourceText {
  const diagnostics: Diagnostic[] = [];
  let text: string;
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : undefined;
  if (utf16) {
    text = new TextDecoder(utf16).decode(bytes);
    diagnostics.push({
      severity: 'warning',
      code: 'encoding',
      message: `This doc is saved as ${utf16.toUpperCase()}; it was read as such, but sdkdocs expects UTF-8.`,
      file,
      hint: 'Save it as UTF-8 (in VS Code: "Save with Encoding", UTF-8).',
    });
  } else {
    text = new TextDecoder('utf-8').decode(bytes);
    const invalidAt = firstInvalidUtf8(text, bytes);
    if (invalidAt !== undefined) {
      return {
        diagnostics: [
          {
            severity: 'error',
            code: 'encoding',
            message: 'This file is not valid UTF-8 text: it is binary, or saved in another encoding (Latin-1, Windows-1252…).',
            file,
            ...lineAndColumn(text, invalidAt),
            hint: 'Save it as UTF-8, or move a binary file out of the docs folder.',
          },
        ],
      };
    }
  }
  const nul = text.indexOf('\0');
  if (nul !== -1) {
    return {
      diagnostics: [
        {
          severity: 'error',
          code: 'encoding',
          message: 'This file holds a NUL character: it looks like a binary file, not markdown.',
          file,
          ...lineAndColumn(text, nul),
          hint: 'Remove the NUL characters, or move a binary file out of the docs folder.',
        },
      ],
    };
  }
  return { text, diagnostics };
}

/**
 * Index in `text` (decoded leniently from `bytes`) of the first replacement character that stands
 * for invalid bytes rather than for a U+FFFD written in the file; undefined when there is none.
 */
function firstInvalidUtf8(text: string, bytes: Uint8Array): number | undefined {
  const byteOrderMark = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let offset = byteOrderMark;
  let counted = 0;
  for (let index = text.indexOf('\uFFFD'); index !== -1; index = text.indexOf('\uFFFD', index + 1)) {
    // Everything before `index` decoded as written, so its UTF-8 length is its length in the file.
    offset += Buffer.byteLength(text.slice(counted, index));
    counted = index;
    if (bytes[offset] !== 0xef || bytes[offset + 1] !== 0xbf || bytes[offset + 2] !== 0xbd) return index;
  }
  return undefined;
}

/** 1-based line and column of a string index. */
export function lineAndColumn(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: index - lineStart + 1 };
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  return `${Math.ceil(bytes / 1024)} KiB`;
}

/**
 * The first string in parsed JSON or YAML data that holds a control character (a `"\u0000"`
 * escape), with the top-level key it sits under: such text must not reach a page.
 */
export function controlCharacterIn(data: unknown, key = ''): { key: string; character: string } | undefined {
  // A list of what is left to look at, not recursion: data nested thousands of levels deep is read to the end.
  const pending: { value: unknown; key: string }[] = [{ value: data, key }];
  while (pending.length > 0) {
    const { value, key: under } = pending.pop()!;
    if (typeof value === 'string') {
      const found = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.exec(value);
      if (found) return { key: under, character: `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    const entries = Object.entries(value);
    // Reversed onto the stack, so the first string found is the first in the file.
    for (let index = entries.length - 1; index >= 0; index--) pending.push({ value: entries[index][1], key: under || entries[index][0] });
  }
  return undefined;
}
