import { useLingui } from '@lingui/react/macro';
import { Tabs } from '@mantine/core';
import { IconKey, IconPackages, IconWebhook } from '@tabler/icons-react';
import { ApiKeysPanel } from './ApiKeysPanel';
import { ExpectedReturnsPanel } from './ExpectedReturnsPanel';
import { WebhooksPanel } from './WebhooksPanel';

/** A customer's integrations (issue 26): webhook endpoints and their deliveries, API keys, expected returns. */
export function IntegrationsPanel({ customerId }: { customerId: number }) {
  const { t } = useLingui();
  return (
    <Tabs defaultValue="webhooks" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="webhooks" leftSection={<IconWebhook size={16} />}>
          {t`Webhooks`}
        </Tabs.Tab>
        <Tabs.Tab value="api-keys" leftSection={<IconKey size={16} />}>
          {t`API Keys`}
        </Tabs.Tab>
        <Tabs.Tab value="expected" leftSection={<IconPackages size={16} />}>
          {t`Expected Returns`}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="webhooks">
        <WebhooksPanel customerId={customerId} />
      </Tabs.Panel>
      <Tabs.Panel value="api-keys">
        <ApiKeysPanel customerId={customerId} />
      </Tabs.Panel>
      <Tabs.Panel value="expected">
        <ExpectedReturnsPanel customerId={customerId} />
      </Tabs.Panel>
    </Tabs>
  );
}
