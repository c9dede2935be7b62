import { lazy, type ComponentType } from 'react';
import type { Area } from '../i18n/catalogues';
import { loadScreenAreas } from '../i18n/language';

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

/**
 * React.lazy with the time-out; failures surface as LoadError to the nearest LoadErrorBoundary.
 * The screen's message catalogues (`areas`) download beside its code, so it never renders untranslated.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, areas: readonly Area[] = []) {
  return lazy(() => withLoadTimeout(Promise.all([load(), loadScreenAreas(areas)]).then(([page]) => page)));
}
