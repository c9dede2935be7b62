import { useEffect } from 'react';

export const APP_NAME = 'Returns Desk';

/** 'Return Processing · Returns Desk': the screen first, so tabs and history entries tell screens apart. */
export function documentTitle(screen: string | null | undefined): string {
  const name = screen?.trim();
  return name ? `${name} · ${APP_NAME}` : APP_NAME;
}

/** Names the browser tab after the screen (WCAG 2.4.2); every routed screen calls it once. */
export function usePageTitle(screen: string | null | undefined): void {
  const title = documentTitle(screen);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
