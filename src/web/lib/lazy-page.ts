import { createElement, lazy, useState, type ComponentType } from 'react';
import type { Area } from '../i18n/catalogues';
import { loadScreenAreas } from '../i18n/language';
import type { Locale } from '../i18n/locales';

/** SPEC §9: loading a further part of the interface gives up after 120 s and raises a load error. */
export const LOAD_TIMEOUT_MS = 120_000;

export class LoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the application could not be loaded.', { cause });
    this.name = 'LoadError';
  }
}

export function withLoadTimeout<T>(load: Promise<T>, ms = LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([load, timeout])
    .catch((error: unknown) => {
      throw new LoadError(error);
    })
    .finally(() => clearTimeout(timer));
}

let screenLoaded: () => void = () => undefined;
/**
 * Resolves once the first screen's code and texts are in (it renders next). What the app fetches ahead
 * for later (the notifications' container) waits for it: fetched earlier, it shared a slow network
 * with the first screen and delayed its first paint (issue 23).
 */
export const firstScreenLoaded = new Promise<void>((resolve) => {
  screenLoaded = resolve;
});

/** A lazily loaded screen that can be asked for before it renders. */
export type LazyPage<P extends object> = ComponentType<P> & {
  /**
   * Downloads its code and its texts in `locale` now (the first screen of a load, beside the shell's
   * texts: router.tsx preloadFirstScreen). Resolves once both are in, or have failed: a failure is met
   * again, and reported, when the screen renders.
   */
  preload: (locale: Locale) => Promise<void>;
};

/**
 * React.lazy with the time-out; failures surface as LoadError to the nearest LoadErrorBoundary.
 * The screen's message catalogues (`areas`) download beside its code, so it never renders untranslated.
 * A screen asked for ahead whose code and texts are in renders at once, without React.lazy: that
 * suspends on its first render even then, shows the fallback, and reveals the screen no sooner than
 * 300 ms later (React throttles the reveal of a fallback), which was most of the login page's first
 * paint on a fast network (issue 23).
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, areas: readonly Area[] = []): LazyPage<P> {
  // One download of the code, whoever asks first (a failed one may be asked for again).
  let code: Promise<{ default: ComponentType<P> }> | undefined;
  const loadCode = () =>
    (code ??= load().catch((error: unknown) => {
      code = undefined;
      throw error;
    }));
  const loadScreen = (locale?: Locale) =>
    withLoadTimeout(Promise.all([loadCode(), loadScreenAreas(areas, locale)])).then(([loaded]) => {
      screenLoaded();
      return loaded;
    });
  // The screen once asked for ahead and in (its texts in the first language, the one it renders in).
  let ready: ComponentType<P> | undefined;
  const Lazy = lazy(() => loadScreen());
  function Page(props: P) {
    // Chosen once for this mount: a screen that suspended keeps its lazy wrapper when it comes in.
    const [Screen] = useState<ComponentType<P>>(() => ready ?? Lazy);
    return createElement(Screen, props);
  }
  return Object.assign(Page, {
    preload: (locale: Locale) =>
      loadScreen(locale).then(
        (loaded) => {
          ready = loaded.default;
        },
        () => undefined,
      ),
  });
}
