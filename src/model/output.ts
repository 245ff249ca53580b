/** The files of the output folder, and the one sink (src/write) every stage hands them to. */

/** A file for the output folder, relative to the site root folder (`out/sdk`). */
export interface OutputFile {
  path: string;
  contents: string | Uint8Array;
  /** The fingerprint of the inputs it was made from, when its stage named them (see {@link OutputSink.reuse}). */
  fingerprint?: string;
}

/**
 * Where every file of the build goes on its way to the output folder (made by src/write): the
 * only writer of the output. A full build streams each file into a fresh staging folder as it is
 * made, so a 10,000-page site is never held in memory whole, and swaps the folder in at the end;
 * tests and serve --watch keep the files in `site.outputs` (watch then mirrors them to the output
 * folder). A build that fails at any point leaves the previous output as it was.
 */
export interface OutputSink {
  /** Whether files go to disk as they are written; otherwise they are kept in `site.outputs`. */
  readonly streamsToDisk: boolean;
  /**
   * Takes one output file (path relative to the site root folder, `out/sdk`). With `handOver`, the
   * caller gives up a `Uint8Array`'s bytes: a sink that writes on another thread may move them
   * there instead of copying them, which leaves the caller's array empty.
   */
  write(file: OutputFile, options?: { handOver?: boolean }): void;
  /**
   * Whether files written once the build is published (by work queued with `afterPublished` of src/core/site.ts)
   * still reach the output folder: serve --watch's sink brings the folder up to date after that work.
   */
  readonly takesLateFiles: boolean;
  /**
   * Carries the file at `path` of the output the sink knows (the published output of a full build,
   * serve --watch's previous build) over unchanged when it was made from the same inputs, named by
   * `fingerprint`, and says whether it did. The file written at `path` instead is recorded as made
   * from them, for the next build.
   */
  reuse(path: string, fingerprint: string): boolean;
  /**
   * Carries the previous build's file at `path` (serve --watch keeps it in memory) over as it
   * is, for a caller that found its inputs unchanged; false when there is no such file.
   */
  keepPrevious(path: string): boolean;
  /** How many output paths were taken so far. */
  readonly writtenCount: number;
  /** Adds the static folder under the generated files and puts the output in place. */
  publish(): Promise<void>;
  /** Drops what a failed build wrote. */
  discard(): Promise<void>;
}

/** Output paths (relative to the site root folder) that an in-place write changed or deleted. */
export interface WrittenOutputs {
  changed: string[];
  removed: string[];
}

/** A file of the static folder as a build found it. */
export interface StaticFolderFile {
  /** Output path, relative to the site root folder. */
  path: string;
  /** The file (absolute). */
  source: string;
  /** Its contents' fingerprint: an equal one is the same file. */
  fingerprint: string;
}

/**
 * What the output folder holds, as the last build of a serve --watch session left it there: the
 * next build writes only what differs from it. The session keeps it between its builds; the output
 * sink reads it and, once it has brought the folder up to date, replaces it.
 */
export interface OutputFolderContents {
  /** The output folder (the site root folder) it describes. */
  siteOut: string;
  /** The build's outputs by output path (the folder holds the late ones once that build has written them). */
  outputs: ReadonlyMap<string, OutputFile>;
  /** The static folder's files the folder holds, by output path, unless a build output took the same path. */
  staticFiles: ReadonlyMap<string, StaticFolderFile>;
}

/** Where a serve --watch session keeps {@link OutputFolderContents} between its builds; empty when the folder must be written whole. */
export interface OutputFolderRecord {
  contents?: OutputFolderContents;
}
