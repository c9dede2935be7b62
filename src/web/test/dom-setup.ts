// What the component tests' jsdom lacks and Mantine or the screens use, and Testing Library's cleanup
// (it registers itself only where test functions are globals; vitest's are imported).
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);

// Mantine reads the colour scheme and breakpoints through matchMedia.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

// Mantine's ScrollArea and floating elements observe sizes; jsdom lays nothing out.
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// The receiving panel scrolls the line a scan hit into view.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
