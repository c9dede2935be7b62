import { notificationsStore, type NotificationsState } from '@mantine/notifications';
import { useEffect, useState, type ComponentType } from 'react';
import { firstScreenLoaded, withLoadTimeout } from '../../lib/lazy-page';
import { firstContentfulPaint, requestIdle } from '../../lib/idle';

const loadContainer = async () => (await import('./NotificationsContainer')).NotificationsContainer;

const anyShown = (state: NotificationsState) => state.notifications.length + state.queue.length > 0;

/**
 * The notifications container, loaded when the first notification is shown (issue 13: a first screen
 * shows none). `notifications.show` only writes to Mantine's store, which needs no component; this
 * watches the store and mounts the container, which then shows what was written. Its code is also
 * fetched once the browser is idle after the first screen's code is in (lib/lazy-page.ts) and has
 * painted, so a notification about a dropped connection still has its container. A failed load is retried on the next notification.
 */
export function LazyNotifications() {
  const [Container, setContainer] = useState<ComponentType | null>(null);
  useEffect(() => {
    let loading = false;
    let stopped = false;
    const mount = () => {
      if (loading) return;
      loading = true;
      withLoadTimeout(loadContainer()).then(
        (loaded) => !stopped && setContainer(() => loaded),
        () => {
          loading = false;
        },
      );
    };
    const unsubscribe = notificationsStore.subscribe((state) => anyShown(state) && mount());
    if (anyShown(notificationsStore.getState())) mount();
    let cancelIdle: (() => void) | undefined;
    void Promise.all([firstScreenLoaded, firstContentfulPaint()]).then(() => {
      if (!stopped) cancelIdle = requestIdle(() => void loadContainer().catch(() => undefined));
    });
    return () => {
      stopped = true;
      unsubscribe();
      cancelIdle?.();
    };
  }, []);
  return Container ? <Container /> : null;
}
