import path from 'node:path';
import * as esbuild from 'esbuild';
import { packageRoot } from '../core/package-root.js';
import type { BuildContext, Site } from '../core/site.js';
import { joinUrlPath } from '../shared/paths.js';

/** Output folder of hashed assets, relative to the site root. */
export const assetsDir = 'assets';

/**
 * Bundles the theme's CSS (and, from the client-runtime issue on, its JavaScript) with esbuild
 * into content-hashed files under `assets/`, and records their URLs for the page shells.
 */
export async function bundleClient(site: Site, _ctx: BuildContext): Promise<void> {
  const root = packageRoot();
  const result = await esbuild.build({
    entryPoints: { theme: path.join(root, 'templates', 'theme.css') },
    bundle: true,
    minify: true,
    write: false,
    outdir: path.join(root, assetsDir, 'css'),
    entryNames: '[name].[hash]',
    logLevel: 'silent',
  });
  for (const file of result.outputFiles) {
    const relative = path.join(assetsDir, 'css', path.basename(file.path)).split(path.sep).join('/');
    site.outputs.set(relative, { path: relative, contents: file.contents });
    site.assets.css.push(joinUrlPath(site.config.baseUrl, relative));
  }
}
