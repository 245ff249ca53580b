/**
 * Playkit connects an HTML5 game to its remote game server (RGS) and to the
 * launcher page that embeds it.
 *
 * @packageDocumentation
 */
export type { SdkConfig } from './config.js';
export { RgsError, TimeoutError } from './errors.js';
export { CurrencyFormat, CurrencyNumber, I18n, type FormatCurrencyOptions } from './i18n.js';
export type { ForwardToPluginsMessageMap } from './messages.js';
export { PlaykitSdk } from './playkit-sdk.js';
