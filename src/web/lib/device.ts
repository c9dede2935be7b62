// What kind of screen the app runs on (issue 28), as CSS media queries say: a finger rather than a
// mouse, a handheld's width. The same queries as the style sheets (app.css, receiving.module.css).
import { useMediaQuery } from '@mantine/hooks';

/** A touch screen: the primary pointer is a finger. */
export const COARSE_POINTER = '(pointer: coarse)';
/** A handheld's width (Mantine's sm breakpoint, 768 px): one column, sheets full screen. */
export const HANDHELD_WIDTH = '(max-width: 48em)';

/** Whether the primary pointer is a finger (read at once, so the first render already knows). */
export const useTouchScreen = () => useMediaQuery(COARSE_POINTER, window.matchMedia(COARSE_POINTER).matches);

/** Whether the screen is a handheld's width. */
export const useHandheld = () => useMediaQuery(HANDHELD_WIDTH, window.matchMedia(HANDHELD_WIDTH).matches);
