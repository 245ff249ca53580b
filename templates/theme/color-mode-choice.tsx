import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { applyColorMode, colorModeStorageKey, type ColorMode } from '../ColorModeToggle.js';
import { useTheme } from '../context.js';
import type { ColorModeToggleProps } from '../theme-overrides.js';

/**
 * The reader's stored colour-mode choice (`null`: none, the default or system mode applies) and
 * the way to change it, as `useColorMode()` and a swizzled toggle's `value`/`onChange` give them.
 * The server and the first render know no choice, so hydration matches.
 */
export function useColorModeChoice(): { choice: ColorMode | null; choose: (mode: ColorMode | null) => void } {
  const { runtime } = useTheme();
  const [choice, setChoice] = useState<ColorMode | null>(null);
  useEffect(() => {
    const readChoice = () => {
      const stored = runtime?.storage.get(colorModeStorageKey);
      setChoice(stored === 'dark' || stored === 'light' ? stored : null);
    };
    readChoice();
    // The theme's own switch stores the choice as it sets the mode.
    const observer = new MutationObserver(readChoice);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, [runtime]);
  const choose = useCallback(
    (mode: ColorMode | null) => {
      if (mode === null) runtime?.storage.remove(colorModeStorageKey);
      else runtime?.storage.set(colorModeStorageKey, mode);
      applyColorMode(mode ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
      setChoice(mode);
    },
    [runtime],
  );
  return { choice, choose };
}

/**
 * A site's own `ColorModeToggle` as Docusaurus renders it: given the reader's choice as `value`
 * and `onChange` to make one. Only a site that overrides the switch loads this (the overrides
 * modules wrap it), so the theme's own switch costs no bytes for it.
 */
export function withColorModeChoice(Toggle: ComponentType<ColorModeToggleProps>): ComponentType<ColorModeToggleProps> {
  function ColorModeToggleWithChoice(props: ColorModeToggleProps) {
    const { site } = useTheme();
    const { choice, choose } = useColorModeChoice();
    return <Toggle value={choice} onChange={choose} respectPrefersColorScheme={site.colorMode.respectPrefersColorScheme} {...props} />;
  }
  return ColorModeToggleWithChoice;
}
