// WCAG 2.1 contrast arithmetic (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio) on #rrggbb colours,
// used to derive the theme's text and badge colours from Mantine's palettes so every pair reaches AA.

/** AA for normal text is 4.5:1; a little headroom absorbs rounding in the browser's colour maths. */
export const AA_TEXT = 4.6;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Relative luminance of an sRGB colour (0 black … 1 white). */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two colours, 1 … 21, in either order. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex` mixed with black by `amount` (0 … 1). */
export function darken(hex: string, amount: number): string {
  return toHex(parseHex(hex).map((v) => v * (1 - amount)) as Rgb);
}

/**
 * The lightest darkening of `hex` (in 2 % steps, so the hue stays) that reaches `target` against every
 * colour in `backgrounds`; `hex` itself when it already does.
 */
export function darkenToContrast(hex: string, backgrounds: string[], target = AA_TEXT): string {
  for (let step = 0; step <= 50; step++) {
    const candidate = darken(hex, step * 0.02);
    if (backgrounds.every((bg) => contrastRatio(candidate, bg) >= target)) return toHex(parseHex(candidate));
  }
  return '#000000';
}

/** The background with the least luminance, i.e. the hardest one for dark text. */
export function darkestBackground(backgrounds: string[]): string {
  return backgrounds.reduce((a, b) => (luminance(b) < luminance(a) ? b : a));
}
