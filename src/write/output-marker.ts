import { lstatSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { outDirDiagnostic } from '../config/check-config-paths.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { UserError } from '../core/diagnostic.js';

/** The file that marks a folder as an sdkdocs output, at the top of the output folder. */
export const outputMarkerName = '.sdkdocs-output';

const markerText = `This folder is the output of \`sdkdocs build\`: each build replaces it whole, so keep nothing else in it.
sdkdocs replaces only a folder that holds this file (or an empty one).
`;

/** Marks a folder as one that sdkdocs made, so that a later build may replace it. */
export function writeOutputMarker(folder: string): void {
  writeFileSync(path.join(folder, outputMarkerName), markerText);
}

/**
 * Throws unless the output folder is one a build may replace: missing, empty, or marked as made
 * by sdkdocs. A build deletes the folder it replaces, and an output folder named by mistake
 * (the site itself, a home folder, a checkout) must never be deleted.
 */
export function assertReplaceableOutput(config: ResolvedConfig): void {
  const { outRoot } = config.paths;
  let problem: string;
  try {
    const stats = lstatSync(outRoot);
    if (stats.isSymbolicLink()) problem = `the output folder ${outRoot} is a symbolic link; a build would replace the link with a folder.`;
    else if (!stats.isDirectory()) problem = `the output folder ${outRoot} is a file, not a folder.`;
    else {
      // A build's own staging folder inside an output folder that is a mount point does not count.
      const entries = readdirSync(outRoot).filter((name) => !name.startsWith(`.${path.basename(outRoot)}.staging-`));
      if (entries.length === 0 || entries.includes(outputMarkerName)) return;
      problem = `the output folder ${outRoot} is not empty and was not made by sdkdocs (it has no ${outputMarkerName} file). A build replaces its output folder whole, so sdkdocs will not delete it.`;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const other = config.outDirFrom === 'option' ? 'pass another --out-dir' : 'set another outDir';
  throw new UserError(
    outDirDiagnostic(
      config,
      problem,
      `If it holds nothing you need (the output of an sdkdocs older than the marker has none either), delete it and build again; otherwise ${other}.`,
    ),
  );
}
