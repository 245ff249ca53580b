/**
 * What a build may read of the site's files: content (images, imports, partials) only inside the
 * site. The markdown library asks it before reading an image; src/core/path-bounds.ts makes it.
 */
export interface ReadBounds {
  /** Undefined when `file` may be read; otherwise the real path it leads to, for the message. */
  outside(file: string): string | undefined;
  readonly roots: readonly string[];
  /** The error for a file outside the roots: one wording for images, imports and partials. */
  describeOutside(what: string, written: string, real: string): { message: string; hint: string };
}

/** Makes the bounds of a set of root folders (the site folder, a docs folder beside it). */
export type ReadBoundsFactory = (roots: readonly string[]) => ReadBounds;
