import { useCallback, useSyncExternalStore } from 'react';

/**
 * The tab chosen for each `groupId`, shared by every `<Tabs>` of the page (and of other browser
 * tabs, through the `storage` event) and remembered in local storage; and the tab named by the
 * query string. Both are read only in the browser: the server renders the default tab, and React
 * switches to the remembered one right after hydration.
 */
const listeners = new Set<() => void>();
/** Choices of this page load: they still hold when storage is unavailable. */
const chosen = new Map<string, string>();

/** The local-storage key of a group's choice. */
export function tabGroupStorageKey(groupId: string): string {
  return `sdkdocs.tab.${groupId}`;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
    window.removeEventListener('popstate', listener);
  };
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private modes and blocked storage: the choice holds for this page load only.
  }
}

const onServer = () => null;

/** The remembered choice of a group (null on the server, or with no `groupId`), and its setter. */
export function useTabGroupChoice(groupId: string | undefined): [string | null, (value: string) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => (groupId === undefined ? null : (readStorage(tabGroupStorageKey(groupId)) ?? chosen.get(groupId) ?? null)),
    onServer,
  );
  const set = useCallback(
    (next: string) => {
      if (groupId === undefined) return;
      chosen.set(groupId, next);
      writeStorage(tabGroupStorageKey(groupId), next);
      notify();
    },
    [groupId],
  );
  return [value, set];
}

/** The value of a query-string key (null on the server, or with no key), and its setter, which replaces the history entry's URL. */
export function useQueryChoice(key: string | undefined): [string | null, (value: string) => void] {
  const value = useSyncExternalStore(subscribe, () => (key === undefined ? null : new URLSearchParams(window.location.search).get(key)), onServer);
  const set = useCallback(
    (next: string) => {
      if (key === undefined) return;
      const url = new URL(window.location.href);
      url.searchParams.set(key, next);
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
      notify();
    },
    [key],
  );
  return [value, set];
}
