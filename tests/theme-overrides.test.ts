import { writeFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/core/build.js';
import { buildSite, copySite, fixture, pageHtml } from './helpers/site.js';

describe('theme overrides: src/theme/<Component>.tsx (fixture theme-overrides)', () => {
  let result: BuildResult;
  beforeAll(async () => {
    result = await buildSite(fixture('theme-overrides'), { until: 'renderPages' });
  }, 120_000);

  it('builds without diagnostics', () => {
    expect(result.site.diagnostics.map((d) => `${d.file}: ${d.message}`)).toEqual([]);
  });

  it('renders a wrapped DocItem/Footer around the original (edit link kept) on every doc', () => {
    const html = pageHtml(result, '/kit/docs/intro');
    expect(html).toContain('class="edit-this-page"');
    expect(html).toMatch(/<div class="feedback" data-edit-url="https:\/\/example.com\/edit\/docs\/intro.md"><button type="button" class="feedback-button">Helpful \(0\)<\/button><\/div>/);
    expect(html.indexOf('edit-this-page')).toBeLessThan(html.indexOf('feedback-button'));
  });

  it('renders a wrapped Footer, whose hooks read the site', () => {
    const html = pageHtml(result, '/kit/docs/intro');
    expect(html).toMatch(/<p class="footer-note">Thanks for reading the Override Kit docs.<\/p><footer class="footer footer-dark">/);
  });

  it('replaces the NotFound content and the navbar ColorModeToggle', () => {
    const html = pageHtml(result, '/kit/404.html');
    expect(html).toContain('<h1>Lost in the kit</h1>');
    expect(html).not.toContain('Page Not Found</h1>');
    expect(html).toContain('<button type="button" class="custom-toggle">Mode 0</button>');
  });

  it('gives @theme/Admonition the override in MDX docs and custom pages, whose @docusaurus hooks work', () => {
    const doc = pageHtml(result, '/kit/docs/components');
    expect(doc).toMatch(/<div class="admonition-wrapper"><aside class="admonition admonition-info"/);
    const page = pageHtml(result, '/kit/hello');
    expect(page).toContain('<h1>Hello from Override Kit</h1>');
    expect(page).toMatch(/<div class="admonition-wrapper"><aside class="admonition admonition-tip"/);
  });

  it('bundles the overrides into the client: the main script names them', () => {
    const scripts = [...result.site.outputs.values()].filter((file) => file.path.endsWith('.js')).map((file) => String(typeof file.contents === 'string' ? file.contents : new TextDecoder().decode(file.contents)));
    expect(scripts.some((text) => text.includes('Helpful (') && text.includes('footer-note'))).toBe(true);
  });
});
