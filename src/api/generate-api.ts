import type { BuildContext, Site } from '../core/site.js';

/** Stage placeholder: filled in by its own issue. */
export async function generateApi(_site: Site, _ctx: BuildContext): Promise<void> {}
