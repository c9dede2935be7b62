import { useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useOnline } from '../lib/online';
import classes from './MainLayout.module.css';

/**
 * Says that the network is gone (issue 28) and what still works. The status region is always in the
 * page, so a screen reader hears the text when it appears; it is empty while online.
 */
export function OfflineBanner() {
  const { t } = useLingui();
  const online = useOnline();
  return (
    <div role="status" className={online ? undefined : classes.offline} data-testid="offline-banner">
      {!online && (
        <Text size="sm" fw={500} className={classes.offlineText}>
          <IconWifiOff size={18} aria-hidden="true" />
          {t`No network. Scans and drafts are kept on this device; a submitted return is sent when back online.`}
        </Text>
      )}
    </div>
  );
}
