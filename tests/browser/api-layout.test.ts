import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/browser.js';
import { fixture } from '../helpers/site.js';
import { gotoHydrated, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

const longSignaturePages = ['api/function/joinOrCreateRoomWithReservedSeat', 'api/function/configure', 'api/class/LongRunningMatchmakingOperation', 'api/type/RoomLifecycleEvent'];

describe.skipIf(!chromiumPath)('API signatures fit their column (fixture with long signatures)', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSiteUnderTest(fixture('api-layout'), '/');
  });
  afterAll(async () => {
    await site?.close();
  });

  for (const width of [1280, 390]) {
    it(`overflows no signature or parameter at ${width} px`, async () => {
      const { page, problems } = await site.open({ viewport: { width, height: 900 } });
      for (const route of longSignaturePages) {
        await gotoHydrated(page, site.url(route));
        const overflowing = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.api-signature, .api-signature code, code.api-parameter-head')]
            .filter((element) => element.scrollWidth > element.clientWidth + 1)
            .map((element) => `${element.className}: ${element.textContent?.slice(0, 60)}`),
        );
        expect(overflowing, route).toEqual([]);
        // Nor does the page itself scroll sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), route).toBe(true);
      }
      expect(problems).toEqual([]);
    });
  }

  it('puts one parameter per line when the signature is longer than a line, and keeps short ones on one', async () => {
    const { page } = await site.open({ viewport: { width: 1280, height: 900 } });
    await gotoHydrated(page, site.url('api/function/joinOrCreateRoomWithReservedSeat'));
    const code = await page.locator('.api-signature code').first().textContent();
    expect(code?.split('\n')).toEqual([
      'joinOrCreateRoomWithReservedSeat<',
      '  TRoomState extends Record<string, unknown> = Record<string, unknown>,',
      '  TPayload = unknown',
      '>(',
      '  roomNameOrIdentifier: string,',
      '  matchmakingSettingsForThisRequest: Partial<MatchmakingSettings> & { readonly priority?: "low" | "normal" | "high" },',
      '  onReservationConfirmedByTheServer?: (ticket: MatchmakingTicketWithReservedSeats<TPayload>, state: TRoomState) => void,',
      '  timeoutInMillisecondsBeforeGivingUp?: number',
      '): Promise<MatchmakingTicketWithReservedSeats<TPayload>>',
    ]);
    await gotoHydrated(page, site.url('api/class/LongRunningMatchmakingOperation'));
    expect(await page.locator('.api-signature code').first().textContent()).toBe(
      'class LongRunningMatchmakingOperation<TPayload extends Record<string, unknown>>\n  implements CancellableOperation, ProgressReportingOperation, MatchmakingTicketWithReservedSeats<TPayload>',
    );
    const cancel = await page.locator('#cancel ~ .api-signature-block .api-signature code').first().textContent();
    expect(cancel).toBe('cancel(): void');
  });
});
