import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Query, QueryContext } from '../engine/query-engine.js';
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

/**
 * The last commit of every file under the docs folder, as a query. `git log` from HEAD changes
 * only when HEAD does: the file `HEAD` (a checkout, a detached commit) and the ref it names, loose
 * or in `packed-refs` (a commit, a reset), or the history itself (`shallow`, after a fetch that
 * deepens it). The query reads those files, so a build asks git again only when one changed; the
 * docs' own files and git's index do not change what was committed. Outside a checkout, or
 * without git, nothing it can read says when that changes: the result is untracked.
 */
export const gitHistoryQuery: Query<string, GitHistory> = {
  name: 'gitHistory',
  async run(context, docsDir) {
    const repository = findGitFolders(docsDir);
    if (repository) readHeadFiles(context, repository);
    // No checkout around the docs: git would only say so, and running it costs every rebuild.
    if (!repository && process.env.GIT_DIR === undefined) {
      context.untracked('not inside a git checkout');
      return { kind: 'none' };
    }
    const history = await readGitHistory(docsDir);
    if (!repository || history.kind !== 'checkout') context.untracked('not inside a git checkout, or git is missing');
    return history;
  },
};

/** Reads, through the engine, the files that say which commit HEAD is. */
function readHeadFiles(context: QueryContext, { gitDir, commonDir }: GitFolders): void {
  const head = context.readFile(path.join(gitDir, 'HEAD'));
  const ref = /^ref: (refs\/\S+)/.exec(head ?? '')?.[1];
  if (ref) context.readFile(path.join(commonDir, ...ref.split('/')));
  context.readFile(path.join(commonDir, 'packed-refs'));
  context.readFile(path.join(commonDir, 'shallow'));
}

/** A repository's own folder and the one its worktrees share (the same outside a worktree). */
interface GitFolders {
  gitDir: string;
  commonDir: string;
}

/**
 * The git folders of the checkout `folder` is in, found as git finds them (the nearest `.git`, a
 * folder or, in a worktree, a file naming one), without running git: one `git log` per build is
 * all the history costs. Undefined where git would be told otherwise (`GIT_DIR`) or none is found.
 */
function findGitFolders(folder: string): GitFolders | undefined {
  if (process.env.GIT_DIR !== undefined) return undefined;
  for (let current = path.resolve(folder); ; current = path.dirname(current)) {
    const dotGit = path.join(current, '.git');
    try {
      const gitDir = statSync(dotGit).isDirectory() ? dotGit : path.resolve(current, /^gitdir: (.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1] ?? '');
      if (gitDir === current) return undefined;
      const common = existsSync(path.join(gitDir, 'commondir')) ? readFileSync(path.join(gitDir, 'commondir'), 'utf8').trim() : '.';
      return { gitDir, commonDir: path.resolve(gitDir, common) };
    } catch {
      // No .git here: look in the folder above.
    }
    if (path.dirname(current) === current) return undefined;
  }
}
