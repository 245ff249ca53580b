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
  /** Takes one output file (path relative to the site root folder, `out/sdk`). */
  write(file: OutputFile): void;
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
