import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Badge, Button, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '../../../contract/constants';
import type { AdminCustomer, ConnectionView, OptionView } from '../../../contract/customers';
import { routeKey, useRouteQuery } from '../../api/queries';
import { AdminOnly } from '../../components/AdminOnly';
import { AuditTrail } from '../../components/audit/AuditTrail';
import { EmptyRow } from '../../components/table/EmptyRow';
import { ConnectionsPanel } from './ConnectionsPanel';
import { CustomerForm } from './CustomerForm';
import { DispositionsPanel } from './DispositionsPanel';
import { OptionsPanel } from './OptionsPanel';
import { SchedulesPanel } from './SchedulesPanel';
import { BillingRatesPanel } from './BillingRatesPanel';
import { IntegrationsPanel } from './integrations/IntegrationsPanel';
import { RulesPanel } from './rules/RulesPanel';
import { ACCOUNT_STATUS_LABELS, labelOf } from './admin-labels';
import { ScrollBox } from '../../components/table/ScrollBox';

type Panel =
  | { kind: 'form'; id: number | null }
  | { kind: 'options'; id: number }
  | { kind: 'connections'; id: number }
  | { kind: 'reports'; id: number }
  | { kind: 'integrations'; id: number }
  | { kind: 'rules'; id: number }
  | null;

const byCompany = (a: AdminCustomer, b: AdminCustomer) =>
  a.company.localeCompare(b.company, undefined, { sensitivity: 'base' }) || a.id - b.id;

function CustomersScreen() {
  const client = useQueryClient();
  const query = useRouteQuery('listCustomers', {});
  const customers = query.data ?? [];
  const [panel, setPanel] = useState<Panel>(null);
  const { t, i18n } = useLingui();

  const current = panel && panel.id !== null ? (customers.find((c) => c.id === panel.id) ?? null) : null;

  // The saving mutations also invalidate the list; this shows their answer before it is read again.
  function replace(c: AdminCustomer) {
    client.setQueryData(routeKey('listCustomers', {}), (list: AdminCustomer[] | undefined) =>
      (list?.some((x) => x.id === c.id) ? list.map((x) => (x.id === c.id ? c : x)) : [...(list ?? []), c]).sort(byCompany),
    );
  }

  function savedCustomer(c: AdminCustomer) {
    const isNew = panel?.kind === 'form' && panel.id === null;
    replace(c);
    notifications.show({ color: 'green', title: isNew ? t`Customer created` : t`Customer updated`, message: c.company });
    setPanel(isNew ? null : { kind: 'form', id: c.id });
  }

  const setOptions = (c: AdminCustomer, options: OptionView[]) => replace({ ...c, options, options_count: options.length });
  const setConnections = (c: AdminCustomer, connections: ConnectionView[]) =>
    replace({ ...c, connections, connections_count: connections.length });

  const company = current?.company ?? '';
  const title =
    panel?.kind === 'form'
      ? current
        ? t`Edit Customer: ${current.company}`
        : t`Add New Customer`
      : panel?.kind === 'options'
        ? t`Reasons: ${company}`
        : panel?.kind === 'connections'
          ? t`Connections: ${company}`
          : panel?.kind === 'reports'
            ? t`Reports & Billing: ${company}`
            : panel?.kind === 'integrations'
              ? t`Integrations: ${company}`
              : panel?.kind === 'rules'
                ? t`Inspection rules: ${company}`
                : '';

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          <Trans>List of Customers</Trans>
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setPanel({ kind: 'form', id: null })}>
          <Trans>Add New Customer</Trans>
        </Button>
      </Group>
      <ScrollBox label={t`Customers`} keyColumn={1}>
        <Table striped highlightOnHover withTableBorder data-testid="customers-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>ID</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Company</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Blind Enabled</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Acct Status</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Order Source</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Options</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Connections</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Action</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {customers.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.id}</Table.Td>
                <Table.Td>
                  {c.is_reserved ? (
                    <Badge color="gray" variant="outline">
                      <Trans>System Reserved</Trans>
                    </Badge>
                  ) : (
                    c.company
                  )}
                </Table.Td>
                <Table.Td>{c.can_blind ? t`Y` : t`N`}</Table.Td>
                <Table.Td>
                  <Badge color={c.customer_status === 'Active' ? 'green' : 'gray'} variant="light">
                    {labelOf(i18n, ACCOUNT_STATUS_LABELS, c.customer_status)}
                  </Badge>
                </Table.Td>
                <Table.Td>{c.order_source}</Table.Td>
                <Table.Td>
                  {c.options_count ? (
                    c.options_count
                  ) : (
                    <Text c="dimmed" size="sm">
                      <Trans>No Reasons</Trans>
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {c.connections_count ? (
                    c.connections_count
                  ) : (
                    <Text c="dimmed" size="sm">
                      <Trans>No Connections</Trans>
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      disabled={c.is_reserved}
                      onClick={() => setPanel({ kind: 'form', id: c.id })}
                      aria-label={t`Edit ${c.company}`}
                    >
                      <Trans>Edit</Trans>
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="teal"
                      disabled={c.is_reserved}
                      onClick={() => setPanel({ kind: 'options', id: c.id })}
                      aria-label={t`Options of ${c.company}`}
                    >
                      <Trans>Options</Trans>
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="grape"
                      disabled={c.is_reserved}
                      onClick={() => setPanel({ kind: 'connections', id: c.id })}
                      // The visible word (SPEC: 'Connection') leads the name (WCAG 2.5.3).
                      aria-label={t`Connection (connections of ${c.company})`}
                    >
                      <Trans>Connection</Trans>
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="indigo"
                      disabled={c.is_reserved}
                      onClick={() => setPanel({ kind: 'reports', id: c.id })}
                      aria-label={t`Reports & Billing (report schedules and billing rates of ${c.company})`}
                    >
                      <Trans>Reports & Billing</Trans>
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="cyan"
                      disabled={c.is_reserved}
                      onClick={() => setPanel({ kind: 'integrations', id: c.id })}
                      aria-label={t`Integrations (webhooks, API keys and expected returns of ${c.company})`}
                    >
                      <Trans>Integrations</Trans>
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="orange"
                      disabled={c.is_reserved}
                      onClick={() => setPanel({ kind: 'rules', id: c.id })}
                      aria-label={t`Rules (inspection rules and grades of ${c.company})`}
                    >
                      <Trans>Rules</Trans>
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {!query.isPending && customers.length === 0 && (
              <EmptyRow colSpan={8}>
                <Trans>No customers.</Trans>
              </EmptyRow>
            )}
          </Table.Tbody>
        </Table>
      </ScrollBox>

      <Drawer
        opened={panel !== null}
        onClose={() => setPanel(null)}
        position="right"
        size={
          panel?.kind === 'connections' || panel?.kind === 'reports' || panel?.kind === 'integrations' || panel?.kind === 'rules'
            ? LIMITS.connectionDrawerWidth
            : 'md'
        }
        title={<Title order={4}>{title}</Title>}
      >
        {panel?.kind === 'form' && (
          <Stack>
            <CustomerForm key={panel.id ?? 'new'} customer={current} onSaved={savedCustomer} />
            {current && <AuditTrail entityType="customer" entityId={current.id} />}
          </Stack>
        )}
        {panel?.kind === 'options' && current && (
          <Stack gap="xl">
            <OptionsPanel customer={current} onChanged={(o) => setOptions(current, o)} />
            <DispositionsPanel customerId={current.id} />
          </Stack>
        )}
        {panel?.kind === 'reports' && current && (
          <Stack gap="xl">
            <SchedulesPanel customer={current} />
            <BillingRatesPanel customer={current} />
          </Stack>
        )}
        {panel?.kind === 'integrations' && current && <IntegrationsPanel customerId={current.id} />}
        {panel?.kind === 'rules' && current && <RulesPanel customerId={current.id} />}
        {panel?.kind === 'connections' && current && <ConnectionsPanel customer={current} onChanged={(l) => setConnections(current, l)} />}
      </Drawer>
    </Stack>
  );
}

export default function AdminCustomersPage() {
  const { t } = useLingui();
  return (
    <AdminOnly title={t`Customers`}>
      <CustomersScreen />
    </AdminOnly>
  );
}
