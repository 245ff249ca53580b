/** What git says about the docs folder, for the "Last updated" line of each doc. */

/** The last commit that touched a file: its committer date and author, as Docusaurus shows them. */
export interface GitLastUpdate {
  /** Committer date, in seconds since the epoch (git's `%ct`). */
  timestamp: number;
  author: string;
}

/** What git says about a folder's files. */
export type GitHistory =
  /** The folder is in a checkout: each committed file's last commit, by path relative to the folder. */
  | { kind: 'checkout'; files: ReadonlyMap<string, GitLastUpdate> }
  /** No history to read: not a checkout, a checkout without commits, or git failed. */
  | { kind: 'none' }
  /** No `git` command on this machine. */
  | { kind: 'no-git' };
