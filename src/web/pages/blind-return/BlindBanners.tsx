// The Blind Return screen's notices: no such customer, and what became of the expected return the
// desk's scan named (issue 26).
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ExpectedBlind } from './use-expected-blind';

export function NoCustomer() {
  const { t } = useLingui();
  return (
    <Stack data-testid="no-customer">
      <Title order={1} size="h2">
        <Trans>Blind Return</Trans>
      </Title>
      <Alert color="red" variant="filled" title={t`Do not proceed`} icon={<IconAlertTriangle size={18} />}>
        <Trans>Invalid customer account, please do NOT proceed and contact support.</Trans>
      </Alert>
      <Alert color="red" title={t`No customer found`}>
        <Trans>Please refresh your page and try again.</Trans>
      </Alert>
    </Stack>
  );
}

/** What became of the expected return the desk's scan named (issue 26). */
export function ExpectedBanner({ rma, answer }: { rma: string; answer: ExpectedBlind | null | undefined }) {
  const { t } = useLingui();
  if (answer === undefined) return <Loader size="sm" aria-label={t`Loading expected return ${rma}`} />;
  if (answer === null) {
    return (
      <Alert color="yellow" title={t`Expected return ${rma}`} role="status">
        <Trans>No expected return of this customer has this RMA: add the products by hand.</Trans>
      </Alert>
    );
  }
  const returnId = answer.expected.return_id ?? '?';
  if (answer.expected.status === 'received') {
    return (
      <Alert color="yellow" title={t`Expected return ${rma}`} role="status">
        <Trans>Received already: return #{returnId}.</Trans>
      </Alert>
    );
  }
  const count = answer.items.length;
  const missing = answer.missing.join(', ');
  return (
    <Alert color="blue" title={t`Expected return ${rma}`} role="status" data-testid="expected-blind">
      <Text size="sm">{t`${plural(count, { one: 'Its # announced product is added below.', other: 'Its # announced products are added below.' })}`}</Text>
      {missing && (
        <Text size="sm">
          <Trans>Not among the customer's products: {missing}</Trans>
        </Text>
      )}
    </Alert>
  );
}
