import type { ThemeStorage } from '../../templates/context.js';

const reported = new Set<string>();

function report(action: string, key: string, error: unknown): void {
  // Once per key and action: a blocked storage would otherwise log on every navigation.
  if (reported.has(`${action} ${key}`)) return;
  reported.add(`${action} ${key}`);
  console.error(`sdkdocs: browser storage is unavailable, cannot ${action} "${key}"; the site keeps working without remembering it.`, error);
}

/** `localStorage` that never throws (private modes and blocked cookies make it throw). */
export const safeStorage: ThemeStorage = {
  get(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (error) {
      report('read', key, error);
      return null;
    }
  },
  set(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch (error) {
      report('save', key, error);
    }
  },
  remove(key) {
    try {
      window.localStorage.removeItem(key);
    } catch (error) {
      report('remove', key, error);
    }
  },
};
