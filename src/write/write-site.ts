import type { BuildContext, Site } from '../core/site.js';
import { streamOutputs } from './output-sink.js';

/**
 * The last stage: hands the files the earlier stages kept in `site.outputs` (assets, search and
 * data files) to the build's output sink, which already holds the pages, and publishes it. A full
 * build's sink swaps its staging folder in for the output folder; serve --watch's brings the
 * output folder up to date in place; a build kept in memory adds the static files to `site.outputs`.
 */
export async function writeSite(site: Site, ctx: BuildContext): Promise<void> {
  const { sink } = ctx;
  if (sink.streamsToDisk) await streamOutputs(site, sink);
  else await sink.publish();
  ctx.logger.debug(`wrote ${sink.writtenCount} files to ${site.config.paths.siteOut}`);
}
