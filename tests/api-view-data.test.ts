import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/pipeline/build.js';
import { buildSite, copySite, fixture } from './helpers/site.js';

/** Every string in a value, at its path, walking objects and arrays. */
function stringsIn(value: unknown, path = ''): { path: string; value: string }[] {
  if (typeof value === 'string') return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsIn(item, `${path}[${index}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringsIn(item, `${path}.${key}`));
  return [];
}

describe('the API stage leaves data, and the render stage makes the HTML', () => {
  let site: { dir: string; cleanup: () => Promise<void> };
  let result: BuildResult;
  beforeAll(async () => {
    site = await copySite(fixture('api-basic'));
    // Stop after the API stages, before renderApiPages.
    result = await buildSite(site.dir, { until: 'generateVersionedApi' });
  }, 120_000);
  afterAll(() => site.cleanup());

  it('leaves TSDoc in the page views as compiled trees, without any HTML', () => {
    const apiPages = result.site.pages.filter((page) => page.api);
    expect(apiPages.length).toBeGreaterThan(3);
    const html = apiPages.flatMap((page) => stringsIn(page.api!.view, page.route)).filter(({ value }) => /<\/?(p|a|code|pre|span|div)\b[^>]*>/.test(value));
    expect(html).toEqual([]);
    const widget = apiPages.find((page) => page.route === '/sdk/api/class/Widget')!;
    expect(widget.data.html).toBe('');
    const scale = widget.api!.template === 'symbol' ? widget.api!.view.sections.flatMap((section) => section.members).find((member) => member.name === 'scale') : undefined;
    expect(scale?.signatures[0].comment.summary).toMatchObject({ type: 'root', children: [{ type: 'element', tagName: 'p', children: [{ type: 'text', value: 'Scales the widget evenly.' }] }] });
  });
});
