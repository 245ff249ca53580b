/**
 * Everything a {@link PlaykitSdk} needs to know before it can talk to the
 * remote game server (RGS) and to the launcher page that hosts the game.
 *
 * @remarks
 * The launcher usually hands the game its session token, RGS address and
 * origin through the query string of the game URL. Read them there and pass
 * them on unchanged; the SDK never guesses them.
 *
 * All money amounts the SDK deals with are integers in the currency's minor
 * unit (cents for USD, yen for JPY). Use {@link I18n.formatCurrency} to show
 * them to the player.
 *
 * @example
 * ```ts
 * import { PlaykitSdk, type SdkConfig } from '@playkit/sdk';
 *
 * const params = new URLSearchParams(location.search);
 * const config: SdkConfig = {
 *   rgsUrl: params.get('rgs') ?? 'https://rgs.example.com/v1',
 *   sessionToken: params.get('token') ?? '',
 *   gameId: 'lucky-lanterns',
 *   launcherOrigin: params.get('origin') ?? 'https://casino.example.com',
 *   locale: params.get('lang') ?? 'en-US',
 * };
 * export const sdk = new PlaykitSdk(config);
 * ```
 */
export interface SdkConfig {
  /**
   * Base URL of the RGS API, for example `https://rgs.example.com/v1`.
   * Endpoint paths such as `/round/play` are appended to it; a trailing
   * slash is ignored.
   */
  rgsUrl: string;

  /**
   * One-time token that identifies the player's session. The launcher
   * creates it; the SDK exchanges it for a session in
   * {@link PlaykitSdk.init}.
   */
  sessionToken: string;

  /** Identifier of the game as registered on the RGS, for example `lucky-lanterns`. */
  gameId: string;

  /**
   * Origin of the launcher page, such as `https://casino.example.com`.
   * Events are posted only to this origin and messages from any other
   * origin are ignored.
   */
  launcherOrigin: string;

  /**
   * BCP 47 language tag used for translations and number formatting.
   *
   * @defaultValue `'en-US'`
   */
  locale?: string;

  /**
   * ISO 4217 currency code used by {@link I18n.formatCurrency}. When left
   * out, the currency of the player's session is used once
   * {@link PlaykitSdk.init} has resolved.
   *
   * @defaultValue the session currency (`'XXX'` until the session is loaded)
   */
  currency?: string;

  /**
   * How long a single RGS request may take, in milliseconds, before it is
   * aborted with a {@link TimeoutError}.
   *
   * @defaultValue `10000` (10 seconds)
   */
  timeoutMs?: number;

  /**
   * How many times a request is repeated after a retryable failure
   * (see {@link RgsError.retryable}). `0` turns retrying off.
   *
   * @defaultValue `2`
   */
  retries?: number;

  /**
   * Delay before the first retry, in milliseconds. Each further retry waits
   * twice as long as the one before, up to 5 seconds.
   *
   * @defaultValue `250`
   */
  retryDelayMs?: number;

  /**
   * Log requests, responses and launcher traffic to the browser console.
   *
   * @defaultValue `false`
   */
  debug?: boolean;
}
