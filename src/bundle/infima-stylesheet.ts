import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { customPageHtml } from '../ssr/custom-page-content.js';
import { packageRoot } from '../core/package-root.js';
import { assetsDir, type Page, type Site } from '../core/site.js';
import { UserError } from '../core/diagnostic.js';
import { joinUrlPath } from '../shared/paths.js';
import { classAttributePattern, infimaClasses } from './infima-classes.js';

/** Infima's classes as an asset: made once per process from the installed `infima` package. */
export interface InfimaStylesheet {
  /** `assets/css/infima.<hash>.css`. */
  outputPath: string;
  contents: string;
  /** Finds, in a page's HTML, an element with a class that makes the page link it. */
  usedBy: RegExp;
}

let made: Promise<InfimaStylesheet> | undefined;

export function infimaStylesheet(): Promise<InfimaStylesheet> {
  if (!made) {
    made = makeInfimaStylesheet();
    made.catch(() => {
      made = undefined;
    });
  }
  return made;
}

async function makeInfimaStylesheet(): Promise<InfimaStylesheet> {
  const root = packageRoot();
  const manifestFile = createRequire(path.join(root, 'package.json')).resolve('infima/package.json');
  const [manifest, source, theme] = await Promise.all([
    readFile(manifestFile, 'utf8').then((text) => JSON.parse(text) as { version: string; license: string }),
    readFile(path.join(path.dirname(manifestFile), 'dist', 'css', 'default', 'default.css'), 'utf8'),
    readFile(path.join(root, 'templates', 'theme.css'), 'utf8'),
  ]);
  // The theme sets or reads these itself (from a site's CSS, else its own defaults).
  const themeProperties = new Set([...theme.matchAll(/--ifm-[\w-]+/g)].map((match) => match[0]));
  const { css, classNames } = infimaClasses(source, themeProperties);
  // Infima's own files carry this notice; its package has no license file to pass on beside it.
  const notice = `/*! Infima ${manifest.version} | ${manifest.license} License | Copyright (c) Facebook, Inc. and its affiliates. | https://github.com/facebookincubator/infima */`;
  const { code } = await esbuild.transform(`${notice}\n${css}`, { loader: 'css', minify: true, legalComments: 'inline' });
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 8);
  return { outputPath: `${assetsDir}/css/infima.${hash}.css`, contents: code, usedBy: classAttributePattern(classNames) };
}

/**
 * Links Infima's classes from each custom page and doc whose HTML uses one of them (a landing
 * page's `hero`, `button`, `row`…), and adds the stylesheet to the output when any does; other
 * pages, docs above all, load no more CSS than before. Returns whether any page links it.
 */
export async function linkInfimaStylesheet(site: Site): Promise<boolean> {
  const pages = site.pages.filter((page) => (page.component && site.siteData) || page.kind === 'doc');
  if (pages.length === 0) return false;
  const sheet = await infimaStylesheet();
  const url = joinUrlPath(site.config.baseUrl, sheet.outputPath);
  let linked = false;
  for (const page of pages) {
    if (sheet.usedBy.test(page.component ? renderedOrEmpty(site, page) : page.data.html)) {
      page.data.stylesheets = [url];
      linked = true;
    } else delete page.data.stylesheets;
  }
  if (linked) site.outputs.set(sheet.outputPath, { path: sheet.outputPath, contents: sheet.contents });
  return linked;
}

/** A custom page's HTML; empty when it fails to render, which the link check reports for every such page. */
function renderedOrEmpty(site: Site, page: Page): string {
  try {
    return customPageHtml(site, page);
  } catch (error) {
    if (error instanceof UserError) return '';
    throw error;
  }
}
