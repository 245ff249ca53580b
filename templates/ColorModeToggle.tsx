import { useEffect, useState } from 'react';
import { formatThemeString } from '../src/shared/theme-strings.js';
import { useTheme } from './context.js';

/** Storage key of the reader's colour-mode choice (`light` or `dark`). */
export const colorModeStorageKey = 'theme';

type ColorMode = 'light' | 'dark';

function applyColorMode(mode: ColorMode): void {
  document.documentElement.setAttribute('data-theme', mode);
}

/**
 * The light/dark switch. The server cannot know the reader's mode, so it renders the default
 * mode's label; the inline head script sets `data-theme` before paint and an effect then takes
 * the mode from there, so hydration always matches. With no stored choice the system preference
 * is followed, also when it changes (if the config respects it).
 */
export function ColorModeToggle() {
  const { site, runtime } = useTheme();
  const [mode, setMode] = useState<ColorMode>(site.colorMode.defaultMode);
  useEffect(() => {
    setMode(document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light');
    if (!site.colorMode.respectPrefersColorScheme) return;
    const query = matchMedia('(prefers-color-scheme: dark)');
    const follow = () => {
      if (runtime?.storage.get(colorModeStorageKey)) return;
      const next = query.matches ? 'dark' : 'light';
      applyColorMode(next);
      setMode(next);
    };
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [site, runtime]);
  const toggle = () => {
    const next = mode === 'dark' ? 'light' : 'dark';
    applyColorMode(next);
    setMode(next);
    runtime?.storage.set(colorModeStorageKey, next);
  };
  const label = formatThemeString('colorModeToggle', {
    mode: formatThemeString(mode === 'dark' ? 'colorModeDark' : 'colorModeLight'),
  });
  return (
    <button type="button" className="color-mode-toggle clean-button" title={label} aria-label={label} aria-live="polite" onClick={toggle}>
      <svg className="icon-light" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path fill="currentColor" d="M12 9c1.65 0 3 1.35 3 3s-1.35 3-3 3-3-1.35-3-3 1.35-3 3-3m0-2c-2.76 0-5 2.24-5 5s2.24 5 5 5 5-2.24 5-5-2.24-5-5-5zM2 13h2c.55 0 1-.45 1-1s-.45-1-1-1H2c-.55 0-1 .45-1 1s.45 1 1 1zm18 0h2c.55 0 1-.45 1-1s-.45-1-1-1h-2c-.55 0-1 .45-1 1s.45 1 1 1zM11 2v2c0 .55.45 1 1 1s1-.45 1-1V2c0-.55-.45-1-1-1s-1 .45-1 1zm0 18v2c0 .55.45 1 1 1s1-.45 1-1v-2c0-.55-.45-1-1-1s-1 .45-1 1zM5.99 4.58a.996.996 0 0 0-1.41 0 .996.996 0 0 0 0 1.41l1.06 1.06c.39.39 1.03.39 1.41 0s.39-1.03 0-1.41L5.99 4.58zm12.37 12.37a.996.996 0 0 0-1.41 0 .996.996 0 0 0 0 1.41l1.06 1.06c.39.39 1.03.39 1.41 0a.996.996 0 0 0 0-1.41l-1.06-1.06zm1.06-10.96a.996.996 0 0 0 0-1.41.996.996 0 0 0-1.41 0l-1.06 1.06c-.39.39-.39 1.03 0 1.41s1.03.39 1.41 0l1.06-1.06zM7.05 18.36a.996.996 0 0 0 0-1.41.996.996 0 0 0-1.41 0l-1.06 1.06c-.39.39-.39 1.03 0 1.41s1.03.39 1.41 0l1.06-1.06z" />
      </svg>
      <svg className="icon-dark" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path fill="currentColor" d="M9.37 5.51c-.18.64-.27 1.31-.27 1.99 0 4.08 3.32 7.4 7.4 7.4.68 0 1.35-.09 1.99-.27C17.45 17.19 14.93 19 12 19c-3.86 0-7-3.14-7-7 0-2.93 1.81-5.45 4.37-6.49zM12 3a9 9 0 1 0 9 9c0-.46-.04-.92-.1-1.36a5.389 5.389 0 0 1-4.4 2.26 5.403 5.403 0 0 1-3.14-9.8c-.44-.06-.9-.1-1.36-.1z" />
      </svg>
    </button>
  );
}
