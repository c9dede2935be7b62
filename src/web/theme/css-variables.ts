// Mantine's default light palette pairs fail WCAG AA in many places: grey helper text (gray.6 on white,
// 3.3:1), links and primary buttons (blue.7, 4.2:1), input errors (red.6, 3.3:1), pale "light" badges
// (green.9 on green.1, 3.8:1). Rather than touching each component, the colour variables every
// component reads are derived here so each pair reaches AA against the surfaces they appear on.
import type { CSSVariablesResolver, MantineTheme } from '@mantine/core';
import { AA_TEXT, contrastRatio, darken, darkenToContrast, darkestBackground } from './contrast';

const WHITE = '#ffffff';

function lightShade(theme: MantineTheme): number {
  const shade = theme.primaryShade;
  return typeof shade === 'number' ? shade : shade.light;
}

/** The colour variables (light scheme) of one palette, every text/background pair at AA or better. */
export function paletteVariables(theme: MantineTheme, name: string, textSurfaces: string[]): Record<string, string> {
  const c = theme.colors[name]!;
  const shade = lightShade(theme);
  // Filled: white text on it (buttons, filled badges) — the first shade from the primary one that
  // carries white text, else shade 9 darkened until it does.
  const filledShade = [shade, 8, 9].find((s) => s >= shade && contrastRatio(WHITE, c[s]!) >= AA_TEXT);
  const filled = filledShade !== undefined ? c[filledShade]! : darkenToContrast(c[9]!, [WHITE]);
  // Text in this colour (links, errors, outline and subtle buttons) sits on white, grey and pale surfaces.
  const text = darkenToContrast(c[shade]!, textSurfaces);
  return {
    [`--mantine-color-${name}-filled`]: filled,
    [`--mantine-color-${name}-filled-hover`]: darken(filled, 0.12),
    [`--mantine-color-${name}-text`]: text,
    [`--mantine-color-${name}-outline`]: text,
    // "light" variant: shade 1 background (shade 2 on hover) with dark text that must read on both.
    [`--mantine-color-${name}-light-color`]: darkenToContrast(c[9]!, [c[1]!, c[2]!]),
  };
}

export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const names = Object.keys(theme.colors);
  // Text surfaces: white, the page's gray.0, and the pale "light" backgrounds (alerts, badges, the active
  // nav link) — a link inside a red alert must read too.
  const textSurfaces = [WHITE, theme.colors.gray![0]!, darkestBackground(names.map((n) => theme.colors[n]![1]!))];
  const light: Record<string, string> = {};
  for (const name of names) Object.assign(light, paletteVariables(theme, name, textSurfaces));
  const primaryText = light[`--mantine-color-${theme.primaryColor}-text`]!;
  Object.assign(light, {
    '--mantine-color-dimmed': darkenToContrast(theme.colors.gray![6]!, textSurfaces),
    '--mantine-color-anchor': primaryText,
    '--mantine-color-error': light['--mantine-color-red-text']!,
    '--mantine-primary-color-filled': light[`--mantine-color-${theme.primaryColor}-filled`]!,
    '--mantine-primary-color-filled-hover': light[`--mantine-color-${theme.primaryColor}-filled-hover`]!,
    '--mantine-primary-color-light-color': light[`--mantine-color-${theme.primaryColor}-light-color`]!,
  });
  return { variables: {}, light, dark: {} };
};
