type MessageListener = (event: { data: unknown; origin: string }) => void;

export const LAUNCHER_ORIGIN = 'https://casino.example.com';

/**
 * Stands in for `window` (where launcher messages arrive) and
 * `window.parent` (where game events go) in a node test.
 */
export function createFakeLauncher() {
  const listeners = new Set<MessageListener>();
  const posted: Array<{ message: Record<string, unknown>; targetOrigin: string }> = [];

  const transport = {
    receiver: {
      addEventListener(_type: 'message', listener: MessageListener): void {
        listeners.add(listener);
      },
      removeEventListener(_type: 'message', listener: MessageListener): void {
        listeners.delete(listener);
      },
    },
    target: {
      postMessage(message: unknown, targetOrigin: string): void {
        posted.push({ message: message as Record<string, unknown>, targetOrigin });
      },
    },
  };

  /** Delivers a launcher message the way the browser would. */
  function send(type: string, payload?: unknown, origin = LAUNCHER_ORIGIN): void {
    const data = { protocol: 'playkit', version: 1, type, payload };
    for (const listener of [...listeners]) {
      listener({ data, origin });
    }
  }

  /** Delivers an arbitrary `message` event, for malformed input. */
  function dispatch(data: unknown, origin = LAUNCHER_ORIGIN): void {
    for (const listener of [...listeners]) {
      listener({ data, origin });
    }
  }

  return { transport, posted, send, dispatch, listenerCount: () => listeners.size };
}
