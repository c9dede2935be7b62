import { Trans, useLingui } from '@lingui/react/macro';
import { Table } from '@mantine/core';
import type { BillingMonth } from '../../../contract/billing';
import { formatMoney, formatNumber } from '../../lib/format';
import { BILLING_EVENT_LABELS } from '../admin-customers/admin-labels';

/**
 * A month's billable events, their rates and the total: the admin's billing screen and the brand's
 * statements show the same table. Below the sm breakpoint the rates column is left out (412 px).
 */
export function BillingLinesTable({ data, maw }: { data: Pick<BillingMonth, 'lines' | 'currency' | 'total_minor'>; maw?: number }) {
  const { t, i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, data.currency);
  return (
    <Table striped withTableBorder maw={maw} data-testid="statement-lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <Trans>Event</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>Count</Trans>
          </Table.Th>
          <Table.Th visibleFrom="sm">
            <Trans>Rates</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>Amount</Trans>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.lines.map((l) => (
          <Table.Tr key={l.event_type}>
            <Table.Td>{i18n._(BILLING_EVENT_LABELS[l.event_type])}</Table.Td>
            <Table.Td ta="right">{formatNumber(l.quantity)}</Table.Td>
            <Table.Td visibleFrom="sm">
              {l.rates.length === 0
                ? '—'
                : l.rates
                    .map((r) => `${formatNumber(r.quantity)} × ${r.rate_minor === null ? t`no rate` : money(r.rate_minor)}`)
                    .join(', ')}
            </Table.Td>
            <Table.Td ta="right">{money(l.amount_minor)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th scope="row" colSpan={2}>
            <Trans>Total</Trans>
          </Table.Th>
          <Table.Td visibleFrom="sm" />
          <Table.Td ta="right" fw={700} data-testid="statement-total">
            {money(data.total_minor)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
