import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Stack, Table, Text, Title } from '@mantine/core';
import type { DecisionRuleView } from '../../../../contract/decisions';
import { useRouteMutation, useRouteQuery } from '../../../api/queries';
import { EmptyRow } from '../../../components/table/EmptyRow';
import { RowActions } from '../../../components/table/RowActions';
import { ScrollBox } from '../../../components/table/ScrollBox';
import { formatNumber } from '../../../lib/format';
import { DecisionRuleForm } from './DecisionRuleForm';
import { DECISION_CONDITION_LABELS, DECISION_DISCREPANCY_LABELS, DECISION_KIND_LABELS } from './rule-labels';

/**
 * A customer's decision rules (issue 25), the drawer's Decisions tab: which submitted lines wait
 * for the brand's decision, how long, and what they get when no answer comes.
 */
export function DecisionRulesPanel({ customerId }: { customerId: number }) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState<DecisionRuleView | null>(null);
  const list = useRouteQuery('listDecisionRules', { params: { id: customerId } });
  const dispositions = useRouteQuery('listDispositions', { params: { customerId } });
  const rules = list.data ?? [];
  const remove = useRouteMutation('deleteDecisionRule', {
    invalidates: ['listDecisionRules', 'auditTrail'],
    toInput: (r: DecisionRuleView) => ({ params: { id: customerId, ruleId: r.id } }),
    onSuccess: (_answer, r) => {
      if (editing?.id === r.id) setEditing(null);
    },
  });
  const dispositionName = (code: string) => {
    const d = dispositions.data?.find((x) => x.code === code);
    return d ? `${d.code} – ${d.name}` : code;
  };
  const waits = (r: DecisionRuleView) => {
    const kind = i18n._(DECISION_KIND_LABELS[r.kind]);
    if (r.kind === 'unit_value') return `${kind}: > ${formatNumber((r.min_value ?? 0) / 100)}`;
    const labels: Record<string, MessageDescriptor> = r.kind === 'condition' ? DECISION_CONDITION_LABELS : DECISION_DISCREPANCY_LABELS;
    const label = labels[r.value ?? ''];
    return `${kind}: ${label ? i18n._(label) : r.value}`;
  };

  return (
    <Stack data-testid="decision-rules-panel">
      <Text size="sm" c="dimmed">
        <Trans>
          A submitted line a rule matches waits for the brand's decision in its portal. When the deadline passes without an answer, the
          default disposition is applied.
        </Trans>
      </Text>
      <ScrollBox label={t`Decision rules`} keyColumn={1}>
        <Table withTableBorder striped data-testid="decision-rules-table" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Lines that wait</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Deadline</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Default disposition</Trans>
              </Table.Th>
              <Table.Th w={90}>
                <Trans>Action</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.isError && (
              <EmptyRow colSpan={4} size="sm">
                <Trans>The decision rules could not be loaded.</Trans>
              </EmptyRow>
            )}
            {rules.map((r) => {
              const hours = r.deadline_hours;
              return (
                <Table.Tr key={r.id} bg={editing?.id === r.id ? 'blue.0' : undefined} data-testid="decision-rule-row">
                  <Table.Td>{waits(r)}</Table.Td>
                  <Table.Td>
                    <Trans>{hours} h</Trans>
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{dispositionName(r.default_disposition)}</Table.Td>
                  <Table.Td>
                    <RowActions
                      editLabel={t`Edit decision rule ${waits(r)}`}
                      deleteLabel={t`Delete decision rule ${waits(r)}`}
                      onEdit={() => setEditing(r)}
                      onDelete={() => window.confirm(t`Delete the decision rule ${waits(r)}?`) && remove.mutate(r)}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
            {list.isSuccess && rules.length === 0 && (
              <EmptyRow colSpan={4} size="sm">
                <Trans>No decision rules: every submitted line is final at once.</Trans>
              </EmptyRow>
            )}
          </Table.Tbody>
        </Table>
      </ScrollBox>
      <Title order={5}>{editing ? t`Edit decision rule ${waits(editing)}` : t`Add a decision rule`}</Title>
      <DecisionRuleForm customerId={customerId} editing={editing} dispositions={dispositions.data ?? []} onDone={() => setEditing(null)} />
    </Stack>
  );
}
