import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core served to test pages from its own origin, and how to put it into a page. */
export interface AxeServer {
  /** Loads axe into the page's document as `window.axe`. */
  inject(page: Page): Promise<void>;
  close(): Promise<void>;
}

/**
 * Serves axe.min.js from 127.0.0.1 with a long cache lifetime. A `<script src>` that the browser
 * has cached gets V8's code cache on later loads, so each page pays for running axe's 654 KB
 * and not for parsing and compiling it again, as evaluating its source with `page.evaluate` does.
 */
export async function startAxeServer(): Promise<AxeServer> {
  const source = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'));
  const server = createServer((request, response) => {
    if (request.url !== '/axe.min.js') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'public, max-age=86400, immutable' }).end(source);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/axe.min.js`;
  return {
    async inject(page) {
      await page.addScriptTag({ url });
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/**
 * Runs `task` on every item with one lane per element of `lanes` (a page each, say): a lane takes
 * the next item as soon as its last one is done. Results keep the items' order.
 */
export async function inLanes<Item, Lane, Result>(items: readonly Item[], lanes: readonly Lane[], task: (item: Item, lane: Lane) => Promise<Result>): Promise<Result[]> {
  const results: Result[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    lanes.map(async (lane) => {
      while (next < items.length) {
        const index = next++;
        try {
          results[index] = await task(items[index]!, lane);
        } catch (error) {
          // The other lanes take no new item once the run has failed.
          next = items.length;
          throw error;
        }
      }
    }),
  );
  return results;
}
