import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The `.md` files below `dir`, leaving out `node_modules`, dot-folders and the folders named in `skip`. */
export function markdownFilesUnder(dir: string, skip: readonly string[] = []): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry.startsWith('.') || skip.includes(entry)) continue;
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) files.push(...markdownFilesUnder(file, skip));
    else if (file.endsWith('.md')) files.push(file);
  }
  return files;
}

/** Every `.md` file below `dirs` with its text, for the oracle tests that compare two ways of reading it. */
export function* markdownTextsUnder(dirs: string[], skip: readonly string[] = []): Generator<{ name: string; text: string }> {
  for (const dir of dirs) for (const file of markdownFilesUnder(dir, skip)) yield { name: file, text: readFileSync(file, 'utf8') };
}
