import { createHash, randomUUID } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CategoryIndexContent } from '../../templates/page-content.js';
import { compilerFingerprint } from '../core/compiler-fingerprint.js';
import { isSameData } from '../core/same-data.js';
import type { Page } from '../core/site.js';
import type { Query, QueryEngine } from '../engine/query-engine.js';
import { dataFilesDir } from '../shared/client-data.js';
import type { SidebarItem } from '../shared/types.js';
import type { PageSurroundings } from './page-document.js';
import type { SiteFile, SiteFilePiece } from './page-markdown.js';

/*
 * renderPages' work as queries on the build's engine. What a page's content, mobile outline,
 * route data file and document, a shared data file and a site-wide file are made from are inputs
 * the engine compares with the last build's (most of them are the very objects of the last build,
 * so comparing costs less than hashing), and a serve --watch rebuild makes again only what a
 * change reached. A document's query names its inputs with a fingerprint, which the output sink
 * compares with the one the file it holds was made from: the published output's in a full build,
 * the previous build's under serve --watch.
 */

/** What a category index page shows: its items and their docs' descriptions. */
export interface CategoryContentInputs {
  title: string;
  description?: string;
  items: SidebarItem[];
  descriptions: (string | undefined)[];
}

/** A category index page's content HTML. */
export const categoryContentQuery: Query<string, string> = {
  name: 'categoryContent',
  run(context, route) {
    const { title, description, items, descriptions } = context.input<CategoryContentInputs>(`categoryContent:${route}`);
    const byRoute = new Map(items.flatMap((item, index) => (item.type === 'html' || !item.to ? [] : [[item.to, descriptions[index]] as const])));
    return renderToStaticMarkup(createElement(CategoryIndexContent, { title, description, items, descriptions: byRoute }));
  },
};

/** Sets what {@link categoryContentQuery} of a page reads. */
export function setCategoryContentInputs(engine: QueryEngine, route: string, inputs: CategoryContentInputs): void {
  engine.setComparedInput(`categoryContent:${route}`, inputs, isSameData);
}

/** Sets a page as renderPages finished it, for the route data file and document queries. */
export function setFinishedPage(engine: QueryEngine, page: Page): void {
  engine.setComparedInput(`finishedPage:${page.route}`, page, (last, now) => last.component === now.component && isSameData(last.data, now.data));
}

/** A page's route data file: its JSON and the SHA-256 of it, which names the file and the data. */
export interface RouteDataFile {
  json: string;
  digest: string;
}

export const routeDataFileQuery: Query<string, RouteDataFile> = {
  name: 'routeDataFile',
  fingerprint: (file) => file.digest,
  run(context, route) {
    const page = context.input<Page>(`finishedPage:${route}`);
    // A custom page's content comes from its component chunk; its HTML would be sent twice.
    const json = JSON.stringify(page.component ? { ...page.data, html: '' } : page.data);
    return { json, digest: createHash('sha256').update(json).digest('hex') };
  },
};

/**
 * A route data file's digest alone. A full build lets go of each file's JSON once it is on disk;
 * this small result stays, and the document's query reads it without the JSON being made again.
 */
export const routeDataDigestQuery: Query<string, string> = {
  name: 'routeDataDigest',
  async run(context, route) {
    return (await context.query(routeDataFileQuery, route)).digest;
  },
};

/** What surrounds every page's document, as one fingerprint with the rendering code's. */
const surroundingsFingerprintQuery: Query<null, string> = {
  name: 'renderSurroundings',
  run(context) {
    const surroundings = context.input<PageSurroundings>('renderSurroundings');
    return createHash('sha256').update(compilerFingerprint()).update(JSON.stringify(surroundings)).digest('hex');
  },
};

export function setRenderSurroundings(engine: QueryEngine, surroundings: PageSurroundings): void {
  engine.setComparedInput('renderSurroundings', surroundings, isSameData);
}

/**
 * The fingerprint of what a page's document is made from: its route data (content included),
 * what surrounds every page and the rendering code. A custom page renders a React component,
 * whose code no fingerprint covers: its document gets a new one whenever the page or its
 * component changed, which no published output matches.
 */
export const pageDocumentQuery: Query<string, string> = {
  name: 'pageDocument',
  async run(context, route) {
    const page = context.input<Page>(`finishedPage:${route}`);
    const surroundings = await context.query(surroundingsFingerprintQuery, null);
    if (page.component) return `component:${randomUUID()}`;
    const digest = await context.query(routeDataDigestQuery, route);
    return createHash('sha256').update(surroundings).update(route).update('\0').update(digest).digest('hex');
  },
};

/** A shared data file (a sidebar, the docs list): its content-hashed path and its JSON. */
export const dataFileQuery: Query<string, { path: string; contents: string }> = {
  name: 'dataFile',
  run(context, name) {
    const contents = JSON.stringify(context.input(`dataFile:${name}`));
    return { path: `${dataFilesDir}/${name}.${createHash('sha256').update(contents).digest('hex').slice(0, 8)}.json`, contents };
  },
};

export function setDataFileValue(engine: QueryEngine, name: string, value: unknown): void {
  engine.setComparedInput(`dataFile:${name}`, value, isSameData);
}

/** A site-wide file as renderPages asks for it: joined from pieces (serve --watch) or made whole. */
interface SiteFileInput {
  file: SiteFile;
  pieces?: SiteFilePiece[];
}

/** A site-wide file's contents (sitemap, llms files). */
export const siteFileQuery: Query<string, string | Buffer> = {
  name: 'siteFile',
  async run(context, path) {
    const { file, pieces } = context.input<SiteFileInput>(`siteFile:${path}`);
    if (!pieces) return file.make();
    return Buffer.concat(await Promise.all(pieces.map((piece) => context.query(siteFilePieceQuery, { path, key: piece.key }))));
  },
};

/**
 * One encoded piece of a site-wide file that changes with any page's text (llms-full.txt): under
 * serve --watch the file is joined from them, and only the changed ones are encoded again.
 */
export const siteFilePieceQuery: Query<{ path: string; key: string }, Buffer> = {
  name: 'siteFilePiece',
  keyId: ({ path, key }) => `${path}\0${key}`,
  run: (context, { path, key }) => Buffer.from(context.input<SiteFilePiece>(`siteFilePiece:${path}\0${key}`).text()),
};

/** Sets what {@link siteFileQuery} reads: the file, and its pieces when it is to be joined from them. */
export function setSiteFile(engine: QueryEngine, file: SiteFile, pieces: SiteFilePiece[] | undefined): void {
  for (const piece of pieces ?? []) engine.setComparedInput(`siteFilePiece:${file.path}\0${piece.key}`, piece, (last, now) => isSameData(last.inputs, now.inputs));
  engine.setComparedInput<SiteFileInput>(`siteFile:${file.path}`, { file, pieces }, (last, now) => (last.pieces === undefined) === (now.pieces === undefined) && isSameData(last.file.inputs, now.file.inputs));
}
