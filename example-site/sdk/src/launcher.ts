import { PROTOCOL, PROTOCOL_VERSION, type LauncherMessageType } from './messages.js';

/**
 * Where launcher messages arrive and where game events go. In a browser
 * this is `window` and `window.parent`; tests pass a fake.
 *
 * @inline
 */
export type LauncherTransport = {
  /** Receives `message` events from the launcher; usually `window`. */
  readonly receiver: {
    addEventListener(type: 'message', listener: (event: { data: unknown; origin: string }) => void): void;
    removeEventListener(type: 'message', listener: (event: { data: unknown; origin: string }) => void): void;
  };
  /** Receives the game's events; usually `window.parent`. */
  readonly target: {
    postMessage(message: unknown, targetOrigin: string): void;
  };
};

/** Handler of one launcher message type; `sound` passes its payload, the others nothing. */
export type LauncherHandler = (payload: { enabled: boolean } | undefined) => void;

const MESSAGE_TYPES: ReadonlySet<string> = new Set<LauncherMessageType>(['pause', 'resume', 'sound', 'close']);

/** `window`/`window.parent` when the game runs in a frame, otherwise nothing. */
export function defaultTransport(): LauncherTransport | undefined {
  if (typeof window === 'undefined' || window.parent === window) {
    return undefined;
  }
  return { receiver: window, target: window.parent };
}

/**
 * The game's end of the postMessage conversation with the launcher. Every
 * message carries `protocol: 'playkit'` and a version so that unrelated
 * messages on the same window are left alone.
 */
export class LauncherChannel {
  readonly #transport: LauncherTransport | undefined;
  readonly #origin: string;
  readonly #gameId: string;
  readonly #log: (message: string, ...data: unknown[]) => void;
  readonly #handlers = new Map<LauncherMessageType, Set<LauncherHandler>>();
  readonly #listener = (event: { data: unknown; origin: string }): void => this.#receive(event);

  constructor(
    transport: LauncherTransport | undefined,
    origin: string,
    gameId: string,
    log: (message: string, ...data: unknown[]) => void,
  ) {
    this.#transport = transport;
    this.#origin = origin;
    this.#gameId = gameId;
    this.#log = log;
    if (transport) {
      transport.receiver.addEventListener('message', this.#listener);
    } else {
      log('no launcher frame found; launcher events are dropped');
    }
  }

  /** Posts one message to the launcher origin. */
  post(type: string, payload: unknown): void {
    const message = { protocol: PROTOCOL, version: PROTOCOL_VERSION, gameId: this.#gameId, type, payload };
    this.#log(`⇢ launcher ${type}`, payload);
    this.#transport?.target.postMessage(message, this.#origin);
  }

  /** Adds a handler and returns the function that removes it again. */
  subscribe(type: LauncherMessageType, handler: LauncherHandler): () => void {
    let handlers = this.#handlers.get(type);
    if (!handlers) {
      handlers = new Set();
      this.#handlers.set(type, handlers);
    }
    handlers.add(handler);
    return () => {
      this.#handlers.get(type)?.delete(handler);
    };
  }

  /** Stops listening and forgets every handler. */
  close(): void {
    this.#transport?.receiver.removeEventListener('message', this.#listener);
    this.#handlers.clear();
  }

  #receive(event: { data: unknown; origin: string }): void {
    const data = event.data;
    if (typeof data !== 'object' || data === null || (data as { protocol?: unknown }).protocol !== PROTOCOL) {
      return;
    }
    if (event.origin !== this.#origin) {
      this.#log(`ignored a launcher message from foreign origin ${event.origin}`);
      return;
    }
    const { type, payload } = data as { type?: unknown; payload?: unknown };
    if (typeof type !== 'string' || !MESSAGE_TYPES.has(type)) {
      this.#log(`ignored unknown launcher message`, data);
      return;
    }
    let argument: { enabled: boolean } | undefined;
    if (type === 'sound') {
      const enabled = (payload as { enabled?: unknown } | null | undefined)?.enabled;
      if (typeof enabled !== 'boolean') {
        this.#log('ignored a sound message without a boolean "enabled"', data);
        return;
      }
      argument = { enabled };
    }
    this.#log(`⇠ launcher ${type}`, payload);
    for (const handler of [...(this.#handlers.get(type as LauncherMessageType) ?? [])]) {
      try {
        handler(argument);
      } catch (error) {
        // One broken handler must not keep the others from hearing about a pause.
        console.error(`[playkit] a "${type}" handler threw`, error);
      }
    }
  }
}
