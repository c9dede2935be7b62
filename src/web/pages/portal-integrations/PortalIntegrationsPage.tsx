// The brand's integrations (issues 25 and 26): its customers' webhook endpoints (register, secret
// shown once and rolled, test event, delivery log, redeliver) and the upload of expected returns.
// The admin drawer's own panels, on the same routes: the server serves them to an admin and to the
// customer's brand users (another customer's endpoint is 403), never to an operator.
import { Trans, useLingui } from '@lingui/react/macro';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '../../auth/session';
import { CustomerSelect } from '../../components/CustomerSelect';
import { PortalOnly } from '../../components/PortalOnly';
import { usePageTitle } from '../../lib/page-title';
import { ExpectedUpload } from '../admin-customers/integrations/ExpectedUpload';
import { WebhooksPanel } from '../admin-customers/integrations/WebhooksPanel';

function IntegrationsScreen() {
  const { t } = useLingui();
  const { customers } = useSession();
  const [customerId, setCustomerId] = useState<string | null>(customers[0] ? String(customers[0].id) : null);
  return (
    <Stack>
      <Title order={1} size="h2">
        <Trans>Integrations</Trans>
      </Title>
      <CustomerSelect value={customerId} onChange={(v) => setCustomerId(v)} maw={360} />
      {customerId && (
        // Keyed by the customer: a secret shown once or an open delivery log never carries over to another.
        <Stack key={customerId}>
          <Paper withBorder p="md" component="section" aria-label={t`Webhooks`}>
            <Stack gap="xs">
              <Title order={2} size="h4">
                <Trans>Webhooks</Trans>
              </Title>
              <Text size="sm" c="dimmed">
                <Trans>Your systems are told of each event, signed with the endpoint's secret (see the integration guide).</Trans>
              </Text>
              <WebhooksPanel customerId={Number(customerId)} />
            </Stack>
          </Paper>
          <Paper withBorder p="md" component="section" aria-label={t`Expected returns`}>
            <Stack gap="xs">
              <Title order={2} size="h4">
                <Trans>Expected returns</Trans>
              </Title>
              <Text size="sm" c="dimmed">
                <Trans>Announce returns before they arrive: one row per item. A file with a bad row is refused whole.</Trans>
              </Text>
              <ExpectedUpload customerId={Number(customerId)} />
            </Stack>
          </Paper>
        </Stack>
      )}
    </Stack>
  );
}

export default function PortalIntegrationsPage() {
  const { t } = useLingui();
  usePageTitle(t`Integrations`);
  return (
    <PortalOnly>
      <IntegrationsScreen />
    </PortalOnly>
  );
}
