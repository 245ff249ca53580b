/**
 * Messages a game can forward to launcher plugins with
 * {@link PlaykitSdk.forwardToPlugins}, by name, with the payload each one
 * carries.
 *
 * @remarks
 * Launcher plugins are small add-ons of the operator's page, such as an
 * analytics tracker or a big-win overlay. The launcher passes forwarded
 * messages on to them unchanged.
 *
 * The map is an interface so that a game can add its own messages through
 * declaration merging; the new names are then accepted and type-checked by
 * {@link PlaykitSdk.forwardToPlugins}.
 *
 * @example
 * ```ts
 * import { PlaykitSdk } from '@playkit/sdk';
 *
 * declare module '@playkit/sdk' {
 *   interface ForwardToPluginsMessageMap {
 *     bonusPicked: { bonusId: string };
 *   }
 * }
 *
 * declare const sdk: PlaykitSdk;
 * sdk.forwardToPlugins('bonusPicked', { bonusId: 'golden-dragon' });
 * ```
 */
export interface ForwardToPluginsMessageMap {
  /** A custom analytics event, for example a tutorial step the player finished. */
  analytics: {
    /** Event name, such as `tutorial_completed`. */
    event: string;
    /** Flat event parameters. */
    params?: Readonly<Record<string, string | number | boolean>>;
  };

  /** Autoplay was switched on or off, or counted down. */
  autoplay: {
    /** Whether autoplay is running. */
    active: boolean;
    /** Rounds left, when autoplay has a limit. */
    roundsLeft?: number;
  };

  /** A round paid much more than the bet; overlays may celebrate it. */
  bigWin: {
    /** Round that produced the win. */
    roundId: string;
    /** Win in minor units. */
    win: number;
    /** Win divided by bet. */
    multiplier: number;
  };
}

/** Types of the messages the launcher sends to the game. */
export type LauncherMessageType = 'pause' | 'resume' | 'sound' | 'close';

/** Types of the events the game sends to the launcher. */
export type GameEventType = 'gameLoaded' | 'roundStarted' | 'roundEnded' | 'balanceChanged' | 'error';

/** Marker on every message of the launcher protocol. */
export const PROTOCOL = 'playkit';

/** Version of the launcher protocol spoken by this SDK. */
export const PROTOCOL_VERSION = 1;
