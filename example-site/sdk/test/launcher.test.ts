import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlaykitSdk } from '../src/index.js';
import { LAUNCHER_ORIGIN, createFakeLauncher } from './helpers/fake-launcher.js';

function setup() {
  const launcher = createFakeLauncher();
  const sdk = new PlaykitSdk(
    {
      rgsUrl: 'https://rgs.example.com/v1',
      sessionToken: 'launch-token',
      gameId: 'lucky-lanterns',
      // A trailing slash must not break the origin comparison.
      launcherOrigin: `${LAUNCHER_ORIGIN}/`,
    },
    launcher.transport,
  );
  return { sdk, launcher };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('events to the launcher', () => {
  it('posts each event to the launcher origin in the playkit envelope', () => {
    const { sdk, launcher } = setup();
    sdk.sendEvent('gameLoaded');
    sdk.sendEvent('roundStarted', { roundId: 'r-1', bet: 100 });
    sdk.sendEvent('roundEnded', { roundId: 'r-1', win: 300 });
    sdk.sendEvent('balanceChanged', { balance: 10_200 });
    sdk.sendEvent('error', { code: 'ASSET_LOAD_FAILED', message: 'reels.png missing', fatal: true });

    expect(launcher.posted.map((entry) => entry.targetOrigin)).toEqual(Array(5).fill(LAUNCHER_ORIGIN));
    expect(launcher.posted.map((entry) => entry.message)).toEqual([
      { protocol: 'playkit', version: 1, gameId: 'lucky-lanterns', type: 'gameLoaded', payload: {} },
      { protocol: 'playkit', version: 1, gameId: 'lucky-lanterns', type: 'roundStarted', payload: { roundId: 'r-1', bet: 100 } },
      { protocol: 'playkit', version: 1, gameId: 'lucky-lanterns', type: 'roundEnded', payload: { roundId: 'r-1', win: 300 } },
      { protocol: 'playkit', version: 1, gameId: 'lucky-lanterns', type: 'balanceChanged', payload: { balance: 10_200 } },
      {
        protocol: 'playkit',
        version: 1,
        gameId: 'lucky-lanterns',
        type: 'error',
        payload: { code: 'ASSET_LOAD_FAILED', message: 'reels.png missing', fatal: true },
      },
    ]);
  });

  it('forwards plugin messages with their name and payload', () => {
    const { sdk, launcher } = setup();
    sdk.forwardToPlugins('bigWin', { roundId: 'r-1', win: 50_000, multiplier: 250 });
    sdk.forwardToPlugins('analytics', { event: 'tutorial_completed', params: { step: 3 } });

    expect(launcher.posted.map((entry) => entry.message['type'])).toEqual(['forwardToPlugins', 'forwardToPlugins']);
    expect(launcher.posted.map((entry) => entry.message['payload'])).toEqual([
      { name: 'bigWin', data: { roundId: 'r-1', win: 50_000, multiplier: 250 } },
      { name: 'analytics', data: { event: 'tutorial_completed', params: { step: 3 } } },
    ]);
  });
});

describe('messages from the launcher', () => {
  it('calls the handlers of each message type', () => {
    const { sdk, launcher } = setup();
    const calls: string[] = [];
    sdk.on('pause', () => calls.push('pause'));
    sdk.on('resume', () => calls.push('resume'));
    sdk.on('close', () => calls.push('close'));
    sdk.on('sound', ({ enabled }) => calls.push(`sound:${enabled}`));

    launcher.send('pause');
    launcher.send('sound', { enabled: false });
    launcher.send('sound', { enabled: true });
    launcher.send('resume');
    launcher.send('close');

    expect(calls).toEqual(['pause', 'sound:false', 'sound:true', 'resume', 'close']);
  });

  it('ignores messages from foreign origins', () => {
    const { sdk, launcher } = setup();
    const pause = vi.fn();
    sdk.on('pause', pause);

    launcher.send('pause', undefined, 'https://evil.example.net');
    launcher.send('pause', undefined, 'https://casino.example.com:8443');
    launcher.send('pause', undefined, 'http://casino.example.com');
    expect(pause).not.toHaveBeenCalled();

    launcher.send('pause');
    expect(pause).toHaveBeenCalledTimes(1);
  });

  it('ignores messages that are not playkit messages or are malformed', () => {
    const { sdk, launcher } = setup();
    const handler = vi.fn();
    sdk.on('pause', handler);
    sdk.on('sound', handler);

    launcher.dispatch('pause');
    launcher.dispatch(null);
    launcher.dispatch({ type: 'pause' });
    launcher.dispatch({ protocol: 'playkit', type: 'explode' });
    launcher.send('sound', { enabled: 'yes' });
    launcher.send('sound');

    expect(handler).not.toHaveBeenCalled();
  });

  it('stops calling a handler once it is unsubscribed', () => {
    const { sdk, launcher } = setup();
    const kept = vi.fn();
    const removed = vi.fn();
    sdk.on('pause', kept);
    const unsubscribe = sdk.on('pause', removed);

    launcher.send('pause');
    unsubscribe();
    unsubscribe();
    launcher.send('pause');

    expect(kept).toHaveBeenCalledTimes(2);
    expect(removed).toHaveBeenCalledTimes(1);
  });

  it('keeps calling other handlers when one throws', () => {
    const { sdk, launcher } = setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const after = vi.fn();
    sdk.on('pause', () => {
      throw new Error('boom');
    });
    sdk.on('pause', after);

    launcher.send('pause');

    expect(after).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('stops listening when destroyed', () => {
    const { sdk, launcher } = setup();
    const pause = vi.fn();
    sdk.on('pause', pause);
    expect(launcher.listenerCount()).toBe(1);

    sdk.destroy();
    sdk.destroy();
    launcher.send('pause');

    expect(launcher.listenerCount()).toBe(0);
    expect(pause).not.toHaveBeenCalled();
    expect(() => sdk.sendEvent('gameLoaded')).toThrow(/destroy/);
  });
});

describe('without a launcher frame', () => {
  it('drops events quietly when there is no window', () => {
    const sdk = new PlaykitSdk({
      rgsUrl: 'https://rgs.example.com/v1',
      sessionToken: 't',
      gameId: 'g',
      launcherOrigin: LAUNCHER_ORIGIN,
    });
    expect(() => sdk.sendEvent('gameLoaded')).not.toThrow();
    expect(() => sdk.on('pause', () => {})).not.toThrow();
  });
});
