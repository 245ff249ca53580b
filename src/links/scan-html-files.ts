import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { scanHtml, type HtmlScan } from './html-links.js';

/** The scan of one built page; `file` is relative to the output folder, with forward slashes. */
export interface PageScan extends HtmlScan {
  file: string;
}

/** Files read at once: enough to keep the disk busy while the tokenizer works. */
const concurrentReads = 16;

/** Reads and scans HTML files of the output folder, a few reads ahead of the tokenizer. */
export async function scanHtmlFiles(outDir: string, files: readonly string[]): Promise<PageScan[]> {
  const scans: PageScan[] = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      const html = await readFile(path.join(outDir, files[index]), 'utf8');
      scans[index] = { file: files[index], ...scanHtml(html) };
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrentReads, files.length) }, worker));
  return scans;
}
