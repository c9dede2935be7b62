import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Badge, Group, Pagination, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileSpreadsheet, IconHourglass, IconListCheck, IconSearch, IconStairs } from '@tabler/icons-react';
import { DEFAULT_GRADE_SCALE, GRADES, type Grade } from '../../../../contract/inspection-rules';
import type { RuleView } from '../../../../contract/inspection';
import { useRouteMutation, useRouteQuery } from '../../../api/queries';
import { EmptyRow } from '../../../components/table/EmptyRow';
import { RowActions } from '../../../components/table/RowActions';
import { ScrollBox } from '../../../components/table/ScrollBox';
import { DecisionRulesPanel } from './DecisionRulesPanel';
import { GradeScaleForm } from './GradeScaleForm';
import { RuleForm } from './RuleForm';
import { RulesFile } from './RulesFile';
import { MATCH_LABELS, SERIAL_CHECK_LABELS, SERIAL_LABELS } from './rule-labels';

/**
 * A customer's inspection rules (issue 27), the drawer's Rules tab: the rules most specific first,
 * the form that adds or changes one, the grade names, and the CSV/XLSX import and export; and which lines wait for the brand's decision (issue 25).
 */
export function RulesPanel({ customerId }: { customerId: number }) {
  const { t } = useLingui();
  const scale = useRouteQuery('getGradeScale', { params: { id: customerId } });
  const grades = scale.data ?? [...DEFAULT_GRADE_SCALE];
  return (
    <Tabs defaultValue="rules" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="rules" leftSection={<IconListCheck size={16} />}>
          {t`Rules`}
        </Tabs.Tab>
        <Tabs.Tab value="grades" leftSection={<IconStairs size={16} />}>
          {t`Grades`}
        </Tabs.Tab>
        <Tabs.Tab value="file" leftSection={<IconFileSpreadsheet size={16} />}>
          {t`Import & Export`}
        </Tabs.Tab>
        <Tabs.Tab value="decisions" leftSection={<IconHourglass size={16} />}>
          {t`Decisions`}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="rules">
        <RulesList customerId={customerId} gradeLabel={(g) => grades.find((x) => x.grade === g)?.label ?? g} grades={grades} />
      </Tabs.Panel>
      <Tabs.Panel value="grades">{scale.data && <GradeScaleForm customerId={customerId} grades={scale.data} />}</Tabs.Panel>
      <Tabs.Panel value="file">
        <RulesFile customerId={customerId} />
      </Tabs.Panel>
      <Tabs.Panel value="decisions">
        <DecisionRulesPanel customerId={customerId} />
      </Tabs.Panel>
    </Tabs>
  );
}

function RulesList({
  customerId,
  grades,
  gradeLabel,
}: {
  customerId: number;
  grades: Parameters<typeof RuleForm>[0]['grades'];
  gradeLabel: (g: Grade) => string;
}) {
  const { t, i18n } = useLingui();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<RuleView | null>(null);
  const list = useRouteQuery('listInspectionRules', { params: { id: customerId }, query: q ? { q, page } : { page } });
  const dispositions = useRouteQuery('listDispositions', { params: { customerId } });
  const rules = list.data?.rules ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.per_page)) : 1;
  const remove = useRouteMutation('deleteInspectionRule', {
    invalidates: ['listInspectionRules', 'auditTrail'],
    toInput: (r: RuleView) => ({ params: { id: customerId, ruleId: r.id } }),
    onSuccess: (_answer, r) => {
      if (editing?.id === r.id) setEditing(null);
    },
  });
  const appliesTo = (r: RuleView) =>
    r.match === 'default' ? i18n._(MATCH_LABELS.default) : `${i18n._(MATCH_LABELS[r.match])}: ${r.value}`;

  return (
    <Stack data-testid="rules-panel">
      <TextInput
        label={t`Find a rule`}
        placeholder={t`SKU, prefix or category`}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      <ScrollBox label={t`Inspection rules`} keyColumn={1}>
        <Table withTableBorder striped data-testid="rules-table" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Applies to</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Steps</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Serial number</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Disposition per grade</Trans>
              </Table.Th>
              <Table.Th w={90}>
                <Trans>Action</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rules.map((r) => (
              <Table.Tr key={r.id} bg={editing?.id === r.id ? 'blue.0' : undefined} data-testid="rule-row">
                <Table.Td style={{ wordBreak: 'break-word' }}>{appliesTo(r)}</Table.Td>
                <Table.Td>
                  {r.steps.length === 0 ? (
                    '—'
                  ) : (
                    <Stack gap={2}>
                      {r.steps.map((s, i) => (
                        <Text key={i} size="xs">
                          {i + 1}. {s.text}
                          {s.kind === 'photo' && (
                            <Badge size="xs" ml={4} variant="outline" color="grape">
                              <Trans>photo</Trans>
                            </Badge>
                          )}
                          {s.kind === 'yes_no' && (
                            <Badge size="xs" ml={4} variant="outline" color="blue">
                              {s.no_grade ? t`yes/no → ${gradeLabel(s.no_grade)}` : t`yes/no`}
                            </Badge>
                          )}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{i18n._(SERIAL_LABELS[r.serial])}</Text>
                  {r.serial !== 'none' && r.serial_check !== 'any' && (
                    <Text size="xs" c="dimmed">
                      {i18n._(SERIAL_CHECK_LABELS[r.serial_check])}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="xs">
                    {GRADES.filter((g) => r.grade_dispositions[g])
                      .map((g) => `${gradeLabel(g)}: ${r.grade_dispositions[g]}`)
                      .join(', ') || '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <RowActions
                    editLabel={t`Edit rule ${appliesTo(r)}`}
                    deleteLabel={t`Delete rule ${appliesTo(r)}`}
                    onEdit={() => setEditing(r)}
                    onDelete={() => window.confirm(t`Delete the rule ${appliesTo(r)}?`) && remove.mutate(r)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
            {!list.isPending && rules.length === 0 && (
              <EmptyRow colSpan={5} size="sm">
                {q ? <Trans>No rule matches the search.</Trans> : <Trans>No rules: every product is received as today.</Trans>}
              </EmptyRow>
            )}
          </Table.Tbody>
        </Table>
      </ScrollBox>
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" aria-label={t`Pages of rules`} />
        </Group>
      )}

      <Title order={5}>{editing ? t`Edit rule ${appliesTo(editing)}` : t`Add a rule`}</Title>
      <RuleForm
        customerId={customerId}
        editing={editing}
        grades={grades}
        dispositions={dispositions.data ?? []}
        onDone={() => setEditing(null)}
      />
    </Stack>
  );
}
