import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/pipeline/build.js';
import { createSearchEngine, type SearchEngine } from '../src/shared/search/search-engine.js';
import { exampleSiteDir, sharedInMemoryBuild } from './helpers/site.js';

let result: BuildResult;
let engine: SearchEngine;

beforeAll(async () => {
  result = await sharedInMemoryBuild(exampleSiteDir, 'buildSearchIndex');
  const read = (url: string) => {
    const file = result.site.outputs.get(url.slice(result.site.config.baseUrl.length))!;
    return JSON.parse(typeof file.contents === 'string' ? file.contents : new TextDecoder().decode(file.contents));
  };
  const files = result.site.siteData!.searchFiles!;
  engine = createSearchEngine(read(files.documents), read(files.index));
}, 180_000);

const firstHit = (query: string) => {
  const hit = engine.search(query, 8)[0];
  return hit ? `${hit.record.route}${hit.record.anchor ? `#${hit.record.anchor}` : ''}` : undefined;
};

describe("search for a declaration's exact name", () => {
  it('puts the page of every API symbol of the example site first', () => {
    const symbols = result.site.api!.model.symbols;
    expect(symbols.length).toBeGreaterThan(5);
    expect(symbols.filter((symbol) => firstHit(symbol.qualifiedName) !== `/sdk/api/${symbol.key}`).map((symbol) => symbol.qualifiedName)).toEqual([]);
  });

  it('puts a member of that name first, inherited ones with badges included', () => {
    const symbols = result.site.api!.model.symbols;
    const symbolNames = new Set(symbols.map((symbol) => symbol.name.toLowerCase()));
    const misses: string[] = [];
    for (const symbol of symbols) {
      for (const member of symbol.members) {
        // A symbol of the same name (the `I18n` class for `i18n`) is as good an answer.
        if (symbolNames.has(member.name.toLowerCase()) || member.kind === 'constructor') continue;
        const hit = firstHit(member.name);
        if (!hit?.includes('/api/') || !hit.endsWith(`#${member.id}`)) misses.push(`${symbol.name}.${member.name} → ${hit}`);
      }
    }
    expect(misses).toEqual([]);
    expect(firstHit('cause')).toMatch(/\/api\/class\/(RgsError|TimeoutError)#cause$/);
  });
});
