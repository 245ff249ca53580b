import type { SdkConfig } from './config.js';
import { I18n } from './i18n.js';
import { LauncherChannel, defaultTransport, type LauncherHandler, type LauncherTransport } from './launcher.js';
import type { ForwardToPluginsMessageMap } from './messages.js';
import {
  readBalance,
  readRoundEnd,
  readRoundResult,
  readSession,
  type PlayRoundRequest,
  type RoundEnd,
  type RoundResult,
  type SessionInfo,
} from './protocol.js';
import { RgsClient, createRequestId } from './rgs-client.js';

const DEFAULTS = {
  locale: 'en-US',
  timeoutMs: 10_000,
  retries: 2,
  retryDelayMs: 250,
  debug: false,
} as const;

/** ISO 4217 "no currency", used until the session tells us the real one. */
const NO_CURRENCY = 'XXX';

/**
 * The game's connection to the remote game server (RGS) and to the launcher
 * page that embeds it.
 *
 * @remarks
 * A game creates one instance at start-up, calls {@link PlaykitSdk.init}
 * once, and then plays rounds with {@link PlaykitSdk.playRound} and
 * {@link PlaykitSdk.endRound}. The game tells the launcher what happens with
 * {@link PlaykitSdk.sendEvent} and listens to it with {@link PlaykitSdk.on}.
 *
 * Amounts are integers in the currency's minor unit (cents).
 *
 * @example
 * ```ts
 * import { PlaykitSdk } from '@playkit/sdk';
 *
 * const sdk = new PlaykitSdk({
 *   rgsUrl: 'https://rgs.example.com/v1',
 *   sessionToken: 'token-from-the-launcher',
 *   gameId: 'lucky-lanterns',
 *   launcherOrigin: 'https://casino.example.com',
 * });
 *
 * export async function start(): Promise<void> {
 *   await sdk.init();
 *   sdk.sendEvent('gameLoaded');
 *   const round = await sdk.playRound(100);
 *   // ...animate round.outcome...
 *   await sdk.endRound(round.roundId);
 * }
 * ```
 */
export class PlaykitSdk {
  /**
   * Translations and money formatting for {@link SdkConfig.locale}. Its
   * currency follows the session once {@link PlaykitSdk.init} has resolved,
   * unless {@link SdkConfig.currency} is set.
   */
  readonly i18n: I18n;

  readonly #gameId: string;
  readonly #sessionToken: string;
  readonly #fixedCurrency: boolean;
  readonly #log: (message: string, ...data: unknown[]) => void;
  readonly #lifetime = new AbortController();
  readonly #rgs: RgsClient;
  readonly #launcher: LauncherChannel;
  #initializing: Promise<SessionInfo> | undefined;
  #session: SessionInfo | undefined;
  #balance = 0;
  #activeRoundId: string | undefined;
  #roundRequested = false;
  #destroyed = false;

  /**
   * Checks the configuration and starts listening to the launcher. No
   * request is sent before {@link PlaykitSdk.init}.
   *
   * @param config - Addresses, credentials and behaviour settings.
   * @param transport - Where launcher messages come from and events go to.
   *   Leave it out in the browser: the SDK then uses `window` and
   *   `window.parent`. Tests can pass a fake with the same two members.
   * @throws TypeError when a required field is empty or a URL or origin is
   *   not valid.
   * @throws RangeError when `timeoutMs`, `retries` or `retryDelayMs` is out
   *   of range, or the locale or currency is not valid.
   */
  constructor(config: SdkConfig, transport?: LauncherTransport) {
    const rgsUrl = parseUrl(config.rgsUrl, 'rgsUrl').href.replace(/\/+$/, '');
    const launcherOrigin = parseUrl(config.launcherOrigin, 'launcherOrigin').origin;
    if (launcherOrigin === 'null') {
      throw new TypeError('launcherOrigin must be an http(s) origin');
    }
    this.#sessionToken = required(config.sessionToken, 'sessionToken');
    this.#gameId = required(config.gameId, 'gameId');
    const timeoutMs = config.timeoutMs ?? DEFAULTS.timeoutMs;
    const retries = config.retries ?? DEFAULTS.retries;
    const retryDelayMs = config.retryDelayMs ?? DEFAULTS.retryDelayMs;
    if (!(timeoutMs > 0) || !Number.isFinite(timeoutMs)) {
      throw new RangeError('timeoutMs must be a positive number of milliseconds');
    }
    if (!Number.isInteger(retries) || retries < 0) {
      throw new RangeError('retries must be a whole number, 0 or more');
    }
    if (!(retryDelayMs >= 0)) {
      throw new RangeError('retryDelayMs must be 0 or more');
    }

    const debug = config.debug ?? DEFAULTS.debug;
    this.#log = debug ? (message, ...data) => console.debug(`[playkit] ${message}`, ...data) : () => {};
    this.#fixedCurrency = config.currency !== undefined;
    this.i18n = new I18n(config.locale ?? DEFAULTS.locale, config.currency ?? NO_CURRENCY);
    this.#rgs = new RgsClient({
      baseUrl: rgsUrl,
      timeoutMs,
      retries,
      retryDelayMs,
      signal: this.#lifetime.signal,
      log: this.#log,
    });
    this.#rgs.authorize(this.#sessionToken);
    this.#launcher = new LauncherChannel(transport ?? defaultTransport(), launcherOrigin, this.#gameId, this.#log);
  }

  /**
   * Authenticates with the RGS and loads the player's session and balance.
   *
   * @remarks
   * Calling `init()` again while it runs, or after it succeeded, returns the
   * same promise. After a failure the next call tries again.
   *
   * If the session reports an unfinished round, that round becomes the
   * active round: show its outcome and close it with
   * {@link PlaykitSdk.endRound} before playing a new one.
   *
   * @returns The session, including the balance and the bet limits.
   * @throws {@link RgsError} when the RGS rejects the token (for example
   *   `SESSION_EXPIRED`) or cannot be reached.
   * @throws {@link TimeoutError} when the RGS does not answer in time.
   * @throws Error when the SDK was destroyed.
   *
   * @example
   * ```ts
   * import { PlaykitSdk } from '@playkit/sdk';
   *
   * declare const sdk: PlaykitSdk;
   *
   * sdk.init().then((session) => {
   *   console.log(`Balance: ${sdk.i18n.formatCurrency(session.balance)}`);
   * });
   * ```
   */
  init(): Promise<SessionInfo> {
    this.#assertAlive('init');
    this.#initializing ??= this.#authenticate().catch((error: unknown) => {
      this.#initializing = undefined;
      throw error;
    });
    return this.#initializing;
  }

  /**
   * The player's balance in minor units, as last reported by the RGS.
   * It is `0` until {@link PlaykitSdk.init} has resolved.
   */
  get balance(): number {
    return this.#balance;
  }

  /**
   * The player's session, or `undefined` before {@link PlaykitSdk.init} has
   * resolved.
   */
  get session(): SessionInfo | undefined {
    return this.#session;
  }

  /**
   * Identifier of the round that was played but not yet ended, if any.
   */
  get activeRoundId(): string | undefined {
    return this.#activeRoundId;
  }

  /**
   * Returns the balance.
   *
   * @deprecated Read {@link PlaykitSdk.balance} instead. This method will be
   * removed in the next major version.
   * @returns The same value as {@link PlaykitSdk.balance}.
   */
  getBalance(): number {
    return this.#balance;
  }

  /**
   * Asks the RGS for the current balance, for example after the launcher
   * reports a deposit.
   *
   * @returns The fresh balance in minor units.
   * @throws {@link RgsError} when the request fails.
   * @throws {@link TimeoutError} when the RGS does not answer in time.
   * @throws Error when called before {@link PlaykitSdk.init} resolved.
   */
  async refreshBalance(): Promise<number> {
    this.#requireSession('refreshBalance');
    const { balance } = await this.#rgs.post('session/balance', {}, readBalance);
    this.#balance = balance;
    return balance;
  }

  /**
   * Places a bet and plays one round.
   *
   * @remarks
   * The RGS takes the bet and decides the outcome at once; the win is
   * credited only when the game calls {@link PlaykitSdk.endRound}, so the
   * balance a player sees can follow the animation. Only one round can be
   * active at a time.
   *
   * @param bet - Total bet in minor units.
   * @returns The round: its id, the win and the game-specific outcome.
   * @throws RangeError when the bet is not a positive whole number or lies
   *   outside the session's bet limits.
   * @throws Error when called before {@link PlaykitSdk.init} resolved or
   *   while another round is active.
   * @throws {@link RgsError} when the RGS rejects the bet, for example with
   *   `INSUFFICIENT_FUNDS`.
   * @throws {@link TimeoutError} when the RGS does not answer in time.
   *
   * @example
   * ```ts
   * import { PlaykitSdk } from '@playkit/sdk';
   *
   * declare const sdk: PlaykitSdk;
   *
   * export async function spin(): Promise<void> {
   *   const round = await sdk.playRound(200);
   *   console.log(round.outcome, round.win);
   *   await sdk.endRound(round.roundId);
   * }
   * ```
   */
  playRound(bet: number): Promise<RoundResult>;
  /**
   * Places a bet with game-specific options and plays one round.
   *
   * @param request - The bet in minor units and options passed to the RGS
   *   unchanged, such as the number of paylines.
   * @returns The round: its id, the win and the game-specific outcome.
   *
   * @example
   * ```ts
   * import { PlaykitSdk } from '@playkit/sdk';
   *
   * declare const sdk: PlaykitSdk;
   *
   * export async function spinTenLines(): Promise<void> {
   *   const round = await sdk.playRound({ bet: 500, options: { lines: 10 } });
   *   await sdk.endRound(round.roundId);
   * }
   * ```
   */
  playRound(request: PlayRoundRequest): Promise<RoundResult>;
  async playRound(betOrRequest: number | PlayRoundRequest): Promise<RoundResult> {
    const session = this.#requireSession('playRound');
    const request = typeof betOrRequest === 'number' ? { bet: betOrRequest } : betOrRequest;
    const { bet } = request;
    if (!Number.isSafeInteger(bet) || bet <= 0) {
      throw new RangeError(`The bet must be a positive whole number of minor units, got ${bet}`);
    }
    if (bet < session.minBet || bet > session.maxBet) {
      throw new RangeError(`The bet ${bet} is outside the limits ${session.minBet}–${session.maxBet}`);
    }
    if (this.#activeRoundId !== undefined || this.#roundRequested) {
      throw new Error('A round is already active; call endRound() before playing the next one');
    }
    this.#roundRequested = true;
    try {
      const result = await this.#rgs.post(
        'round/play',
        { requestId: createRequestId(), bet, options: request.options ?? {} },
        readRoundResult,
      );
      this.#activeRoundId = result.roundId;
      this.#balance = result.balance;
      return result;
    } finally {
      this.#roundRequested = false;
    }
  }

  /**
   * Closes a round and credits its win.
   *
   * @param roundId - The round to close. Leave it out to close
   *   {@link PlaykitSdk.activeRoundId}.
   * @returns The credited win and the new balance.
   * @throws Error when there is no round to end, or before
   *   {@link PlaykitSdk.init} resolved.
   * @throws {@link RgsError} when the RGS refuses, for example with
   *   `ROUND_NOT_FOUND`.
   * @throws {@link TimeoutError} when the RGS does not answer in time.
   *
   * @example
   * ```ts
   * import { PlaykitSdk } from '@playkit/sdk';
   *
   * declare const sdk: PlaykitSdk;
   *
   * export async function finish(): Promise<void> {
   *   const { win, balance } = await sdk.endRound();
   *   sdk.sendEvent('balanceChanged', { balance });
   *   console.log(`Won ${win}`);
   * }
   * ```
   */
  async endRound(roundId?: string): Promise<RoundEnd> {
    this.#requireSession('endRound');
    const id = roundId ?? this.#activeRoundId;
    if (id === undefined) {
      throw new Error('There is no active round to end');
    }
    const result = await this.#rgs.post('round/end', { requestId: createRequestId(), roundId: id }, readRoundEnd);
    if (this.#activeRoundId === id) {
      this.#activeRoundId = undefined;
    }
    this.#balance = result.balance;
    return result;
  }

  /**
   * Tells the launcher that the game has finished loading and can be shown.
   *
   * @param type - `gameLoaded`
   *
   * @example
   * ```ts
   * import { PlaykitSdk } from '@playkit/sdk';
   *
   * declare const sdk: PlaykitSdk;
   * sdk.sendEvent('gameLoaded');
   * ```
   */
  sendEvent(type: 'gameLoaded'): void;
  /**
   * Tells the launcher that a round has started, so it can lock its own
   * controls (for example the cashier button).
   *
   * @param type - `roundStarted`
   * @param payload - The round and its bet in minor units.
   */
  sendEvent(type: 'roundStarted', payload: { roundId: string; bet: number }): void;
  /**
   * Tells the launcher that the round's animation is over.
   *
   * @param type - `roundEnded`
   * @param payload - The round and its win in minor units.
   */
  sendEvent(type: 'roundEnded', payload: { roundId: string; win: number }): void;
  /**
   * Tells the launcher which balance the game now shows, so both agree.
   *
   * @param type - `balanceChanged`
   * @param payload - The balance in minor units.
   */
  sendEvent(type: 'balanceChanged', payload: { balance: number }): void;
  /**
   * Reports an error to the launcher. With `fatal: true` the launcher is
   * expected to show its own error screen and close the game.
   *
   * @param type - `error`
   * @param payload - Error code, a message and whether the game can go on.
   */
  sendEvent(type: 'error', payload: { code: string; message: string; fatal?: boolean }): void;
  sendEvent(type: string, payload?: object): void {
    this.#assertAlive('sendEvent');
    this.#launcher.post(type, payload ?? {});
  }

  /**
   * Runs `handler` whenever the launcher pauses or resumes the game, or
   * asks it to close.
   *
   * @remarks
   * Messages from any origin other than {@link SdkConfig.launcherOrigin}
   * are ignored. A handler that throws is logged and does not stop the
   * other handlers.
   *
   * @param type - `pause`, `resume` or `close`.
   * @param handler - Called with no arguments.
   * @returns A function that removes the handler again.
   *
   * @example
   * ```ts
   * import { PlaykitSdk } from '@playkit/sdk';
   *
   * declare const sdk: PlaykitSdk;
   * declare function stopAnimations(): void;
   *
   * const unsubscribe = sdk.on('pause', () => stopAnimations());
   * // later, when the scene is torn down:
   * unsubscribe();
   * ```
   */
  on(type: 'pause' | 'resume' | 'close', handler: () => void): () => void;
  /**
   * Runs `handler` whenever the launcher switches sound on or off.
   *
   * @param type - `sound`
   * @param handler - Called with `enabled: true` for sound on and
   *   `enabled: false` for sound off.
   * @returns A function that removes the handler again.
   *
   * @example
   * ```ts
   * import { PlaykitSdk } from '@playkit/sdk';
   *
   * declare const sdk: PlaykitSdk;
   * declare const music: { muted: boolean };
   *
   * sdk.on('sound', ({ enabled }) => {
   *   music.muted = !enabled;
   * });
   * ```
   */
  on(type: 'sound', handler: (message: { enabled: boolean }) => void): () => void;
  on(type: 'pause' | 'resume' | 'close' | 'sound', handler: (message: { enabled: boolean }) => void): () => void {
    this.#assertAlive('on');
    return this.#launcher.subscribe(type, handler as LauncherHandler);
  }

  /**
   * Sends a message through the launcher to its plugins.
   *
   * @typeParam K - Name of the message, a key of {@link ForwardToPluginsMessageMap}.
   * @param name - Name of the message.
   * @param payload - Payload of the type the map gives for `name`.
   *
   * @example
   * ```ts
   * import { PlaykitSdk } from '@playkit/sdk';
   *
   * declare const sdk: PlaykitSdk;
   * sdk.forwardToPlugins('bigWin', { roundId: 'r-42', win: 50_000, multiplier: 250 });
   * ```
   */
  forwardToPlugins<K extends keyof ForwardToPluginsMessageMap>(name: K, payload: ForwardToPluginsMessageMap[K]): void {
    this.#assertAlive('forwardToPlugins');
    this.#launcher.post('forwardToPlugins', { name, data: payload });
  }

  /**
   * Stops listening to the launcher, drops every handler and aborts pending
   * requests. The instance cannot be used afterwards; calling `destroy()`
   * again does nothing.
   */
  destroy(): void {
    if (this.#destroyed) {
      return;
    }
    this.#destroyed = true;
    this.#launcher.close();
    this.#lifetime.abort(new Error('The Playkit SDK was destroyed'));
  }

  async #authenticate(): Promise<SessionInfo> {
    const session = await this.#rgs.post(
      'session/authenticate',
      { token: this.#sessionToken, gameId: this.#gameId, locale: this.i18n.locale },
      readSession,
    );
    this.#rgs.authorize(session.sessionId);
    this.#session = session;
    this.#balance = session.balance;
    this.#activeRoundId = session.unfinishedRound?.roundId;
    if (!this.#fixedCurrency) {
      this.i18n.currency = session.currency;
    }
    return session;
  }

  #requireSession(operation: string): SessionInfo {
    this.#assertAlive(operation);
    if (!this.#session) {
      throw new Error(`${operation}() needs a session; await init() first`);
    }
    return this.#session;
  }

  #assertAlive(operation: string): void {
    if (this.#destroyed) {
      throw new Error(`${operation}() was called after destroy()`);
    }
  }
}

function parseUrl(value: string, field: string): URL {
  try {
    return new URL(required(value, field));
  } catch (error) {
    throw new TypeError(`${field} must be an absolute URL, got "${value}"`, { cause: error });
  }
}

function required(value: string, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError(`${field} is required`);
  }
  return value;
}
