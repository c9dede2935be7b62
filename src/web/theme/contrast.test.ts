import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, darken, darkenToContrast, luminance } from './contrast';
import { cssVariablesResolver } from './css-variables';
import { i18n } from '@lingui/core';
import { buildTheme } from './theme';

if (!i18n.locale) i18n.loadAndActivate({ locale: 'en', messages: {} });

describe('contrast arithmetic', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // Mantine's gray.6 on white, the "dimmed" text axe reported at 3.32.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(luminance('#fff')).toBeCloseTo(1, 5);
  });

  it('darkens each palette colour to the first 2 % step whose #rrggbb reaches the target (the step search spelled out on strings)', () => {
    // The search as first written, on #rrggbb strings: each step darkened, written out, read back.
    const stepByStep = (hex: string, backgrounds: string[]) => {
      for (let step = 0; step <= 50; step++) {
        const candidate = darken(hex, step * 0.02);
        if (backgrounds.every((bg) => contrastRatio(candidate, bg) >= AA_TEXT)) return candidate;
      }
      return '#000000';
    };
    const surfaces = ['#ffffff', '#f8f9fa', '#e7f5ff'];
    for (const palette of Object.values(DEFAULT_THEME.colors)) {
      for (const colour of palette) expect(darkenToContrast(colour, surfaces)).toBe(stepByStep(colour, surfaces));
    }
  });

  it('darkens only as far as needed, keeping a colour that already passes', () => {
    expect(darkenToContrast('#212529', ['#ffffff'])).toBe('#212529');
    const fixed = darkenToContrast('#868e96', ['#ffffff', '#f8f9fa']);
    expect(contrastRatio(fixed, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(fixed, '#f8f9fa')).toBeGreaterThanOrEqual(AA_TEXT);
    // Mantine gray.6 itself fails on gray.0, so a darkening was needed.
    expect(contrastRatio(darken('#868e96', 0), '#f8f9fa')).toBeLessThan(AA_TEXT);
  });
});

describe('the theme colour variables', () => {
  const merged = mergeMantineTheme(DEFAULT_THEME, buildTheme(i18n));
  const vars = cssVariablesResolver(merged).light as Record<string, string>;

  it.each(Object.keys(merged.colors))('%s: filled carries white text, light badges and text read at AA', (name) => {
    const c = merged.colors[name]!;
    expect(contrastRatio('#ffffff', vars[`--mantine-color-${name}-filled`]!)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#ffffff', vars[`--mantine-color-${name}-filled-hover`]!)).toBeGreaterThanOrEqual(4.5);
    for (const bg of [c[1]!, c[2]!]) expect(contrastRatio(vars[`--mantine-color-${name}-light-color`]!, bg)).toBeGreaterThanOrEqual(4.5);
    for (const bg of ['#ffffff', merged.colors.gray![0]!, merged.colors.red![1]!, merged.colors.blue![1]!]) {
      expect(contrastRatio(vars[`--mantine-color-${name}-text`]!, bg)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('dimmed helper text, links and input errors read at AA on white and grey surfaces', () => {
    for (const key of ['--mantine-color-dimmed', '--mantine-color-anchor', '--mantine-color-error']) {
      for (const bg of ['#ffffff', merged.colors.gray![0]!, merged.colors.gray![1]!]) {
        expect(contrastRatio(vars[key]!, bg), `${key} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
