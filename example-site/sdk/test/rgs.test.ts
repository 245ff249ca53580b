import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PlaykitSdk, RgsError, TimeoutError, type SdkConfig } from '../src/index.js';
import { LAUNCHER_ORIGIN, createFakeLauncher } from './helpers/fake-launcher.js';
import { MockRgs, SESSION } from './helpers/mock-rgs.js';

const rgs = new MockRgs();

beforeAll(() => rgs.start());
afterAll(() => rgs.stop());
beforeEach(() => rgs.reset());

function createSdk(overrides: Partial<SdkConfig> = {}): PlaykitSdk {
  return new PlaykitSdk(
    {
      rgsUrl: rgs.url,
      sessionToken: 'launch-token',
      gameId: 'lucky-lanterns',
      launcherOrigin: LAUNCHER_ORIGIN,
      retryDelayMs: 20,
      ...overrides,
    },
    createFakeLauncher().transport,
  );
}

const rgsError = (status: number, code: string, extra: Record<string, unknown> = {}) => ({
  status,
  json: { error: { code, message: `${code} happened`, ...extra } },
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe('init', () => {
  it('exchanges the launch token for a session and loads the balance', async () => {
    const sdk = createSdk({ locale: 'de-DE' });
    const session = await sdk.init();

    expect(session).toEqual(SESSION);
    expect(sdk.balance).toBe(10_000);
    expect(sdk.session?.playerId).toBe('player-7');
    expect(rgs.requests[0]).toEqual({
      path: '/session/authenticate',
      authorization: 'Bearer launch-token',
      body: { token: 'launch-token', gameId: 'lucky-lanterns', locale: 'de-DE' },
    });
  });

  it('takes the currency from the session unless the config fixes one', async () => {
    const fromSession = createSdk();
    expect(fromSession.i18n.currency).toBe('XXX');
    await fromSession.init();
    expect(fromSession.i18n.currency).toBe('EUR');

    const fixed = createSdk({ currency: 'usd' });
    await fixed.init();
    expect(fixed.i18n.currency).toBe('USD');
  });

  it('shares one request between concurrent calls', async () => {
    const sdk = createSdk();
    const [first, second] = await Promise.all([sdk.init(), sdk.init()]);
    expect(first).toBe(second);
    expect(rgs.hits('/session/authenticate')).toBe(1);
  });

  it('can be called again after a failure', async () => {
    rgs.route('/session/authenticate', (_request, attempt) =>
      attempt === 1 ? rgsError(401, 'SESSION_EXPIRED') : { json: SESSION },
    );
    const sdk = createSdk();
    await expect(sdk.init()).rejects.toBeInstanceOf(RgsError);
    await expect(sdk.init()).resolves.toEqual(SESSION);
  });

  it('adopts an unfinished round so it can be ended', async () => {
    const unfinishedRound = { roundId: 'round-old', bet: 100, win: 400, balance: 9_900, outcome: {} };
    rgs.route('/session/authenticate', () => ({ json: { ...SESSION, unfinishedRound } }));
    rgs.route('/round/end', ({ body }) => ({ json: { roundId: body['roundId'], win: 400, balance: 10_300 } }));
    const sdk = createSdk();

    const session = await sdk.init();
    expect(session.unfinishedRound).toEqual(unfinishedRound);
    expect(sdk.activeRoundId).toBe('round-old');
    await expect(sdk.endRound()).resolves.toEqual({ roundId: 'round-old', win: 400, balance: 10_300 });
    expect(sdk.activeRoundId).toBeUndefined();
  });
});

describe('rounds', () => {
  it('plays and ends a round, crediting the win at the end', async () => {
    const sdk = createSdk();
    await sdk.init();

    const round = await sdk.playRound(100);
    expect(round).toEqual({ roundId: 'round-1', bet: 100, win: 300, balance: 9_900, outcome: { reels: [1, 4, 4] } });
    expect(sdk.balance).toBe(9_900);
    expect(sdk.activeRoundId).toBe('round-1');

    const end = await sdk.endRound(round.roundId);
    expect(end).toEqual({ roundId: 'round-1', win: 300, balance: 10_200 });
    expect(sdk.balance).toBe(10_200);
    expect(sdk.getBalance()).toBe(10_200);
    expect(sdk.activeRoundId).toBeUndefined();

    const play = rgs.requests.find((request) => request.path === '/round/play');
    expect(play?.authorization).toBe('Bearer sess-1');
    expect(play?.body).toMatchObject({ bet: 100, options: {} });
    expect(typeof play?.body['requestId']).toBe('string');
  });

  it('sends game-specific options with the request overload', async () => {
    const sdk = createSdk();
    await sdk.init();
    await sdk.playRound({ bet: 500, options: { lines: 10 } });
    expect(rgs.requests.at(-1)?.body).toMatchObject({ bet: 500, options: { lines: 10 } });
  });

  it('refuses to play before init, during another round, or outside the bet limits', async () => {
    const sdk = createSdk();
    await expect(sdk.playRound(100)).rejects.toThrow(/init\(\)/);

    await sdk.init();
    await expect(sdk.playRound(5)).rejects.toBeInstanceOf(RangeError);
    await expect(sdk.playRound(5_001)).rejects.toBeInstanceOf(RangeError);
    await expect(sdk.playRound(10.5)).rejects.toBeInstanceOf(RangeError);

    await sdk.playRound(100);
    await expect(sdk.playRound(100)).rejects.toThrow(/endRound/);
    expect(rgs.hits('/round/play')).toBe(1);
  });

  it('refreshes the balance on request', async () => {
    const sdk = createSdk();
    await sdk.init();
    rgs.route('/session/balance', () => ({ json: { balance: 25_000 } }));
    await expect(sdk.refreshBalance()).resolves.toBe(25_000);
    expect(sdk.balance).toBe(25_000);
  });
});

describe('RGS errors', () => {
  it('turns an error body into an RgsError with code, status and details', async () => {
    const sdk = createSdk();
    await sdk.init();
    rgs.route('/round/play', () => rgsError(402, 'INSUFFICIENT_FUNDS', { details: { balance: 50 } }));

    const error = await rejection(sdk.playRound(100));
    expect(error).toBeInstanceOf(RgsError);
    expect(error).toMatchObject({
      name: 'RgsError',
      code: 'INSUFFICIENT_FUNDS',
      message: 'INSUFFICIENT_FUNDS happened',
      status: 402,
      retryable: false,
      details: { balance: 50 },
    });
    expect(rgs.hits('/round/play')).toBe(1);
    expect(sdk.activeRoundId).toBeUndefined();
  });

  it('lets the RGS override whether an error is retryable', async () => {
    rgs.route('/session/authenticate', () => rgsError(500, 'SESSION_LOCKED', { retryable: false }));
    const error = await rejection(createSdk().init());
    expect(error).toMatchObject({ code: 'SESSION_LOCKED', status: 500, retryable: false });
    expect(rgs.hits('/session/authenticate')).toBe(1);
  });

  it('reports an error status without a JSON body as HTTP_ERROR', async () => {
    rgs.route('/session/authenticate', () => ({ status: 502, text: '<html>Bad gateway</html>' }));
    const error = await rejection(createSdk({ retries: 0 }).init());
    expect(error).toMatchObject({ code: 'HTTP_ERROR', status: 502, retryable: true });
    expect((error as RgsError).cause).toBeInstanceOf(SyntaxError);
  });

  it('reports malformed JSON on success as INVALID_RESPONSE and keeps the cause', async () => {
    rgs.route('/session/authenticate', () => ({ text: '{"sessionId": "sess-1", ' }));
    const error = await rejection(createSdk().init());
    expect(error).toBeInstanceOf(RgsError);
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', status: 200, retryable: false });
    expect((error as RgsError).cause).toBeInstanceOf(SyntaxError);
    expect(rgs.hits('/session/authenticate')).toBe(1);
  });

  it('reports well-formed JSON of the wrong shape as INVALID_RESPONSE', async () => {
    rgs.route('/session/authenticate', () => ({ json: { ...SESSION, balance: '100' } }));
    const error = await rejection(createSdk().init());
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(String((error as RgsError).cause)).toMatch(/balance/);
  });

  it('reports an unreachable RGS as a retryable NETWORK_ERROR with status 0', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));

    const error = await rejection(createSdk({ rgsUrl: `http://127.0.0.1:${port}`, retries: 1 }).init());
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', status: 0, retryable: true });
    expect((error as RgsError).cause).toBeInstanceOf(Error);
  });
});

describe('timeouts', () => {
  it('gives up on a server that never answers with a TimeoutError', async () => {
    rgs.route('/session/authenticate', () => 'hang');
    const started = Date.now();
    const error = await rejection(createSdk({ timeoutMs: 150 }).init());

    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ name: 'TimeoutError', operation: 'session/authenticate', timeoutMs: 150 });
    expect((error as TimeoutError).cause).toBeDefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(rgs.hits('/session/authenticate')).toBe(1);
  });

  it('aborts a pending request when the SDK is destroyed', async () => {
    rgs.route('/session/authenticate', () => 'hang');
    const sdk = createSdk({ timeoutMs: 5_000 });
    const pending = sdk.init();
    await new Promise((resolve) => setTimeout(resolve, 50));
    sdk.destroy();

    const error = await rejection(pending);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect(() => sdk.init()).toThrow(/destroy/);
  });
});

describe('retries', () => {
  it('retries retryable errors with growing delays and the same request id', async () => {
    const sdk = createSdk({ retries: 3, retryDelayMs: 40 });
    await sdk.init();
    const arrivals: number[] = [];
    rgs.route('/round/play', ({ body }, attempt) => {
      arrivals.push(Date.now());
      return attempt < 3
        ? rgsError(503, 'SERVICE_UNAVAILABLE')
        : { json: { roundId: 'round-9', bet: body['bet'], win: 0, balance: 9_900, outcome: {} } };
    });

    const round = await sdk.playRound(100);
    expect(round.roundId).toBe('round-9');
    expect(rgs.hits('/round/play')).toBe(3);

    const ids = new Set(rgs.requests.filter((r) => r.path === '/round/play').map((r) => r.body['requestId']));
    expect(ids.size).toBe(1);

    const [first = 0, second = 0, third = 0] = arrivals;
    // Backoff doubles: about 40 ms, then about 80 ms (timers may fire a little early).
    expect(second - first).toBeGreaterThanOrEqual(35);
    expect(third - second).toBeGreaterThanOrEqual(75);
  });

  it('stops after the configured number of retries and throws the last error', async () => {
    rgs.route('/session/authenticate', () => rgsError(429, 'RATE_LIMITED'));
    const error = await rejection(createSdk({ retries: 2, retryDelayMs: 5 }).init());
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryable: true });
    expect(rgs.hits('/session/authenticate')).toBe(3);
  });

  it('does not retry when retries is 0', async () => {
    rgs.route('/session/authenticate', () => rgsError(503, 'SERVICE_UNAVAILABLE'));
    await expect(createSdk({ retries: 0 }).init()).rejects.toBeInstanceOf(RgsError);
    expect(rgs.hits('/session/authenticate')).toBe(1);
  });
});

describe('configuration checks', () => {
  it('rejects missing or invalid fields', () => {
    const base: SdkConfig = {
      rgsUrl: 'https://rgs.example.com/v1',
      sessionToken: 't',
      gameId: 'g',
      launcherOrigin: LAUNCHER_ORIGIN,
    };
    const make = (config: Partial<SdkConfig>) => () => new PlaykitSdk({ ...base, ...config }, createFakeLauncher().transport);

    expect(make({})).not.toThrow();
    expect(make({ rgsUrl: 'not a url' })).toThrow(TypeError);
    expect(make({ sessionToken: '' })).toThrow(TypeError);
    expect(make({ launcherOrigin: 'casino.example.com' })).toThrow(TypeError);
    expect(make({ timeoutMs: 0 })).toThrow(RangeError);
    expect(make({ retries: -1 })).toThrow(RangeError);
    expect(make({ currency: 'EURO' })).toThrow(RangeError);
  });
});
