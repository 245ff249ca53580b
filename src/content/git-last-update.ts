import { execFile } from 'node:child_process';
import type { GitHistory, GitLastUpdate } from '../model/git-history.js';

const recordStart = '\x1e';
const fieldEnd = '\x1f';

/**
 * The last commit of every file under `folder`, from ONE `git log` over the folder (newest first,
 * so a file's first appearance is its last change), not a process per file: on a site of
 * thousands of docs, a process each would cost seconds. Never throws: outside a checkout, or
 * when git is missing or fails, there is simply no history.
 */
export function readGitHistory(folder: string): Promise<GitHistory> {
  const args = [
    '-c',
    'log.showSignature=false',
    '-c',
    'core.quotepath=false',
    'log',
    `--format=${recordStart}%ct${fieldEnd}%an`,
    '--name-only',
    // NUL after each name: names may hold newlines or quotes.
    '-z',
    // Names relative to the folder, and only the folder's files.
    '--relative',
    '--',
    '.',
  ];
  return new Promise((resolve) => {
    execFile('git', args, { cwd: folder, encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024, windowsHide: true }, (error, stdout) => {
      if (error) {
        resolve((error as NodeJS.ErrnoException).code === 'ENOENT' ? { kind: 'no-git' } : { kind: 'none' });
        return;
      }
      resolve({ kind: 'checkout', files: parseGitLog(stdout) });
    });
  });
}

/** Reads `git log --format=<RS>%ct<US>%an --name-only -z`: per commit a header, then NUL-ended names. */
export function parseGitLog(output: string): Map<string, GitLastUpdate> {
  const files = new Map<string, GitLastUpdate>();
  for (const record of output.split(recordStart)) {
    if (!record) continue;
    const [header, ...names] = record.split('\0');
    const separator = header.indexOf(fieldEnd);
    if (separator < 0) continue;
    const timestamp = Number(header.slice(0, separator));
    if (!Number.isFinite(timestamp)) continue;
    const update = { timestamp, author: header.slice(separator + 1) };
    for (const raw of names) {
      // git puts a newline between a commit's header and its names.
      const name = raw.replace(/^\n/, '');
      if (name && !files.has(name)) files.set(name, update);
    }
  }
  return files;
}
