import { Notifications, notificationsStore, type NotificationsState, type NotificationsStore } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { LIMITS } from '../../../contract/constants';

const NOTHING_SHOWN: NotificationsState = {
  notifications: [],
  queue: [],
  defaultPosition: 'bottom-right',
  limit: LIMITS.notificationLimit,
};

/**
 * The store as this container sees it: empty until the container has mounted, then the store itself.
 * The container mounts because a notification was just shown; had it seen that notification in its
 * first render, the transition group would show it without its entering transition. Seen after the
 * mount, it slides in like every later one. Every write goes to the store itself.
 */
function revealedAfterMount(store: NotificationsStore) {
  let revealed = false;
  const view: NotificationsStore = {
    getState: () => (revealed ? store.getState() : NOTHING_SHOWN),
    setState: (value) => store.setState(value),
    updateState: (value) => store.updateState(value),
    initialize: (value) => store.initialize(value),
    subscribe: (callback) => store.subscribe(callback),
  };
  const reveal = () => {
    revealed = true;
    store.setState(store.getState()); // wakes the container's subscription
  };
  return { view, reveal };
}

/** SPEC §9's notifications (4000 ms auto-close, at most 5, bottom-right), mounted by LazyNotifications. */
export function NotificationsContainer() {
  const [{ view, reveal }] = useState(() => revealedAfterMount(notificationsStore));
  // Once the mount has settled: Notifications renders its transition groups only after its portal has
  // mounted (a layout effect and a second render), and React runs this effect before that render.
  useEffect(() => {
    const timer = window.setTimeout(reveal, 0);
    return () => window.clearTimeout(timer);
  }, [reveal]);
  return <Notifications store={view} position="bottom-right" limit={LIMITS.notificationLimit} autoClose={LIMITS.notificationAutoCloseMs} />;
}
