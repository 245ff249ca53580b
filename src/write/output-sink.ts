import { constants, copyFileSync, existsSync, linkSync, mkdirSync } from 'node:fs';
import { copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildContext, OutputFolderRecord, OutputSink, Site } from '../core/site.js';
import { createQueryEngine } from '../engine/query-engine.js';
import { staticFolderQuery } from './static-folder-query.js';
import { openFolderWriter } from './threaded-folder-writer.js';
import { listStaticFiles } from './copy-static.js';
import { resolveOutputPath } from './output-path.js';
import { createStagingFolder } from './staging-folder.js';
import { openPublishedOutput } from './published-output.js';
import { catchUpOutput, updateOutputInPlace } from './update-in-place.js';
import { contentDirOf } from '../config/resolve.js';

/**
 * Where a build's files go:
 * - `stream`: a full build; each file is written into a fresh staging folder as it comes (the
 *   previous output's unchanged files are linked in), and the folder is swapped in at the end.
 * - `memory`: every file is kept in `site.outputs`, static files included, and nothing is written
 *   (tests compare it with what a `stream` build puts on disk).
 * - `mirror`: serve --watch; files are kept in `site.outputs` to compare with the next build's,
 *   and the output folder is brought up to date with them at the end: in place when the session's
 *   {@link OutputFolderRecord} says what the folder holds, else through a staging folder.
 */
export type OutputMode = 'stream' | 'memory' | 'mirror';

/** The build context a sink is made from: everything but the sink itself. */
export type SinkContext = Omit<BuildContext, 'sink'>;

/** `outputFolder`: in `mirror` mode, what the output folder holds, which the sink updates once it has written it. */
export function createOutputSink(site: Site, ctx: SinkContext, mode: OutputMode, outputFolder: OutputFolderRecord = {}): OutputSink {
  return mode === 'stream' ? createStagingSink(site, ctx) : createMemorySink(site, ctx, mode, outputFolder);
}

/**
 * Streams files into a staging folder and swaps it in; the static folder is copied under the
 * generated files at the end. A file carried over from the published output is hard-linked
 * (copied where links fail), so an unchanged page costs no rendering and no bytes written.
 * Files are written on a thread of their own (see threaded-folder-writer.ts): `write` only checks
 * the path and hands the bytes on, and `publish` waits for the last one before the swap.
 */
function createStagingSink(site: Site, ctx: SinkContext): OutputSink {
  const { config } = site;
  const folder = createStagingFolder(config);
  const writer = openFolderWriter(folder.siteOut);
  const published = openPublishedOutput(ctx.cacheDir, config.paths.siteOut);
  const written = new Set<string>();
  return {
    streamsToDisk: true,
    takesLateFiles: false,
    get writtenCount() {
      return written.size;
    },
    write(file, options) {
      // Not through libuv's thread pool: tens of thousands of small writes cost more in its round trips than the writes.
      writer.write(file.path, file.contents, options?.handOver);
      written.add(file.path);
    },
    reuse(outputPath, fingerprint) {
      const source = published.unchangedFile(outputPath, fingerprint);
      if (!source) return false;
      const target = resolveOutputPath(folder.siteOut, outputPath);
      mkdirSync(path.dirname(target), { recursive: true });
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
      written.add(outputPath);
      return true;
    },
    keepPrevious: () => false,
    async publish() {
      await writer.settle();
      await writer.stop();
      if (writer.threaded) ctx.logger.debug('wrote the generated files on a writer thread');
      const staticDir = config.paths.static;
      // Static files go under the generated ones: a page or asset the build emits wins over a static file of the same name.
      if (existsSync(staticDir)) {
        for (const file of await listStaticFiles(staticDir, contentDirOf(config))) {
          if (written.has(file.path)) continue;
          const target = resolveOutputPath(folder.siteOut, file.path);
          mkdirSync(path.dirname(target), { recursive: true });
          await copyFile(file.source, target, constants.COPYFILE_EXCL).catch((error: NodeJS.ErrnoException) => {
            if (error.code !== 'EEXIST') throw error;
          });
        }
      }
      await folder.swapIn(() => published.save());
    },
    async discard() {
      // The writer stops first, so that no file lands in the staging folder once it is deleted.
      await writer.stop();
      await folder.discard();
    },
  };
}

/** Keeps files in `site.outputs`; see {@link OutputMode} for what `publish` does with them. */
function createMemorySink(site: Site, ctx: SinkContext, mode: 'memory' | 'mirror', outputFolder: OutputFolderRecord): OutputSink {
  const { outputs, config } = site;
  /** The fingerprints of the files {@link OutputSink.reuse} did not carry over, for the files written in their place. */
  const fingerprints = new Map<string, string>();
  return {
    streamsToDisk: false,
    takesLateFiles: mode === 'mirror',
    get writtenCount() {
      return outputs.size;
    },
    write(file) {
      const fingerprint = fingerprints.get(file.path);
      if (fingerprint === undefined) {
        outputs.set(file.path, file);
        return;
      }
      fingerprints.delete(file.path);
      outputs.set(file.path, { ...file, fingerprint });
    },
    reuse(outputPath, fingerprint) {
      const file = outputFolder.contents?.outputs.get(outputPath);
      if (file?.fingerprint === fingerprint) {
        outputs.set(outputPath, file);
        return true;
      }
      fingerprints.set(outputPath, fingerprint);
      return false;
    },
    keepPrevious(outputPath) {
      const file = outputFolder.contents?.outputs.get(outputPath);
      // The same object as the previous build's: the mirror then knows at once it need not be written.
      if (file) outputs.set(outputPath, file);
      return file !== undefined;
    },
    async publish() {
      if (mode === 'memory') {
        // The paths a disk build would refuse are refused here too, so both builds fail alike.
        for (const outputPath of outputs.keys()) resolveOutputPath(config.paths.siteOut, outputPath);
        await addStaticFiles(site);
        return;
      }
      await mirrorOutputs(site, ctx, outputFolder);
    },
    async discard() {},
  };
}

/**
 * Brings the output folder up to date with the build: in place from what it holds, else whole.
 * The static folder is looked at before it is copied, so a file saved meanwhile is copied again by
 * the next build.
 */
async function mirrorOutputs(site: Site, ctx: SinkContext, outputFolder: OutputFolderRecord): Promise<void> {
  const { siteOut } = site.config.paths;
  const before = outputFolder.contents;
  // Until the folder is written, it holds neither build's files: a build after a failure here writes it whole.
  outputFolder.contents = undefined;
  const engine = ctx.engine ?? createQueryEngine();
  const found = await engine.query(staticFolderQuery, site.config.paths.static);
  const staticFiles = new Map(found.map((file) => [file.path, file]));
  if (before?.siteOut === siteOut && existsSync(siteOut)) {
    await updateOutputInPlace(site, ctx, before, staticFiles);
  } else {
    await streamOutputs(site, createStagingSink(site, ctx));
    await catchUpOutput(site, ctx, new Map(site.outputs));
  }
  outputFolder.contents = { siteOut, outputs: site.outputs, staticFiles };
}

/** Writes `site.outputs` into a streaming sink and publishes it; drops the staging folder on failure. */
export async function streamOutputs(site: Site, sink: OutputSink): Promise<void> {
  try {
    for (const file of site.outputs.values()) sink.write(file);
    await sink.publish();
  } catch (error) {
    await sink.discard();
    throw error;
  }
}

/** Adds the static folder's files to `site.outputs`, under the generated ones, as a disk build publishes them. */
async function addStaticFiles(site: Site): Promise<void> {
  const { static: staticDir } = site.config.paths;
  if (!existsSync(staticDir)) return;
  for (const file of await listStaticFiles(staticDir, contentDirOf(site.config))) {
    if (site.outputs.has(file.path)) continue;
    site.outputs.set(file.path, { path: file.path, contents: await readFile(file.source) });
  }
}
