import path from 'node:path';
import { UserError } from '../core/diagnostic.js';
import { isInsideFolder } from '../core/path-bounds.js';

/**
 * The absolute path of an output file, checked to lie inside the folder it is written to: the
 * one check every write of the output goes through, whatever stage made the path (a route from
 * front matter, a static file's name, an asset name), so that no input can make a build write
 * outside its output. Reads of content ask the same `isInsideFolder` (core/path-bounds.ts).
 */
export function resolveOutputPath(root: string, relativePath: string): string {
  const target = path.resolve(root, relativePath);
  const inside = isInsideFolder(root, target, { allowSelf: false });
  if (!inside || relativePath.includes('\0')) {
    throw new UserError({
      severity: 'error',
      code: 'output-path',
      message: `Refusing to write ${JSON.stringify(relativePath)}: it is not a file inside the output folder ${root}.`,
      hint: 'A route, slug or file name leads out of the site; give it a path without ".." segments.',
    });
  }
  return target;
}
