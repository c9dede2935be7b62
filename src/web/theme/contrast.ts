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

/** Channels rounded and clamped to 0 … 255, as a #rrggbb colour holds them. */
function rounded(rgb: Rgb): Rgb {
  return rgb.map((v) => Math.round(Math.min(255, Math.max(0, v)))) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rounded(rgb)
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;
}

function rgbLuminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Relative luminance of an sRGB colour (0 black … 1 white). */
export function luminance(hex: string): number {
  return rgbLuminance(parseHex(hex));
}

const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** Contrast ratio of two colours, 1 … 21, in either order. */
export function contrastRatio(a: string, b: string): number {
  return ratio(luminance(a), luminance(b));
}

const darkenRgb = (rgb: Rgb, amount: number) => rgb.map((v) => v * (1 - amount)) as Rgb;

/** `hex` mixed with black by `amount` (0 … 1). */
export function darken(hex: string, amount: number): string {
  return toHex(darkenRgb(parseHex(hex), amount));
}

/**
 * The lightest darkening of `hex` (in 2 % steps, so the hue stays) that reaches `target` against every
 * colour in `backgrounds`; `hex` itself when it already does. On numbers, each colour parsed once: the
 * theme derives every palette's colours with this as the app starts (issue 23: done on strings, it
 * took 30 ms of the first render, 120 ms on a slow phone).
 */
export function darkenToContrast(hex: string, backgrounds: string[], target = AA_TEXT): string {
  const base = parseHex(hex);
  const surfaces = backgrounds.map(luminance);
  for (let step = 0; step <= 50; step++) {
    // Each step as the colour it becomes (#rrggbb), so its contrast is the one the browser shows.
    const candidate = rounded(darkenRgb(base, step * 0.02));
    const own = rgbLuminance(candidate);
    if (surfaces.every((surface) => ratio(own, surface) >= target)) return toHex(candidate);
  }
  return '#000000';
}

/** The background with the least luminance, i.e. the hardest one for dark text. */
export function darkestBackground(backgrounds: string[]): string {
  return backgrounds.reduce((a, b) => (luminance(b) < luminance(a) ? b : a));
}
