import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LEDGER_CONDITIONS } from '../../../../contract/constants';
import {
  DECISION_DEFAULT_HOURS,
  DECISION_MAX_HOURS,
  DECISION_RULE_KINDS,
  decisionRuleBody,
  type DecisionRuleKind,
  type DecisionRuleView,
} from '../../../../contract/decisions';
import { LINE_DISCREPANCIES } from '../../../../contract/disposition-rules';
import type { DispositionView } from '../../../../contract/dispositions';
import { useRouteMutation } from '../../../api/queries';
import { schemaValidate, setServerErrors } from '../../../lib/form';
import { EditFormActions } from '../EditFormActions';
import { DECISION_CONDITION_LABELS, DECISION_DISCREPANCY_LABELS, DECISION_KIND_LABELS } from './rule-labels';

export interface DecisionRuleValues {
  kind: DecisionRuleKind;
  value: string | null;
  /** The unit value in major units as typed (the route takes minor units). */
  amount: number | string;
  deadline_hours: number | string;
  default_disposition: string | null;
}

const EMPTY: DecisionRuleValues = {
  kind: 'condition',
  value: LEDGER_CONDITIONS[2],
  amount: '',
  deadline_hours: DECISION_DEFAULT_HOURS,
  default_disposition: null,
};

function valuesOf(rule: DecisionRuleView | null): DecisionRuleValues {
  if (!rule) return { ...EMPTY };
  return {
    kind: rule.kind,
    value: rule.value,
    amount: rule.min_value === null ? '' : rule.min_value / 100,
    deadline_hours: rule.deadline_hours,
    default_disposition: rule.default_disposition,
  };
}

/** The route's body: the amount in minor units, an empty field left for the schema to name. */
export const toDecisionBody = (v: DecisionRuleValues) => ({
  kind: v.kind,
  value: v.kind === 'unit_value' ? null : v.value,
  min_value: v.kind === 'unit_value' ? (v.amount === '' ? null : Math.round(Number(v.amount) * 100)) : null,
  deadline_hours: v.deadline_hours === '' ? undefined : Number(v.deadline_hours),
  default_disposition: v.default_disposition ?? '',
});

// The amount is typed in major units; the schema and the server name it min_value.
const FIELDS = { fields: { min_value: 'amount' } };
const afterSave = { invalidates: ['listDecisionRules', 'auditTrail'] } as const;

/**
 * Adds or changes one decision rule (issue 25): which submitted lines wait for the brand (a
 * condition, a discrepancy or a unit value above an amount), the deadline in hours and the
 * disposition applied when no answer came. The server's 422 messages show under their fields.
 */
export function DecisionRuleForm({
  customerId,
  editing,
  dispositions,
  onDone,
}: {
  customerId: number;
  editing: DecisionRuleView | null;
  dispositions: DispositionView[];
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const form = useForm<DecisionRuleValues>({
    initialValues: valuesOf(editing),
    validate: schemaValidate(decisionRuleBody, { toBody: toDecisionBody, ...FIELDS }),
  });
  useEffect(() => {
    form.setValues(valuesOf(editing));
    form.clearErrors();
    // Only a new rule to edit resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing]);
  const onError = (error: unknown) => setServerErrors(form, error, FIELDS);
  const create = useRouteMutation('createDecisionRule', {
    ...afterSave,
    toInput: (values: DecisionRuleValues) => ({ params: { id: customerId }, body: toDecisionBody(values) }),
    onSuccess: () => {
      form.setValues(valuesOf(null));
      onDone();
    },
    onError,
  });
  const update = useRouteMutation('updateDecisionRule', {
    ...afterSave,
    toInput: (values: DecisionRuleValues) => ({ params: { id: customerId, ruleId: editing!.id }, body: toDecisionBody(values) }),
    onSuccess: onDone,
    onError,
  });
  const { kind } = form.values;
  // A disposition that needs a bin cannot be a default: nobody is at the shelf when the deadline passes.
  const dispositionData = dispositions.filter((d) => !d.requires_location).map((d) => ({ value: d.code, label: `${d.code} – ${d.name}` }));
  const valueData =
    kind === 'condition'
      ? LEDGER_CONDITIONS.map((c) => ({ value: c, label: i18n._(DECISION_CONDITION_LABELS[c]) }))
      : LINE_DISCREPANCIES.map((d) => ({ value: d, label: i18n._(DECISION_DISCREPANCY_LABELS[d]) }));

  return (
    <form onSubmit={form.onSubmit((values) => (editing ? update : create).mutate(values))} noValidate data-testid="decision-rule-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t`Lines that wait`}
            withAsterisk
            allowDeselect={false}
            data={DECISION_RULE_KINDS.map((k) => ({ value: k, label: i18n._(DECISION_KIND_LABELS[k]) }))}
            {...form.getInputProps('kind')}
            onChange={(v) => {
              const next = (v ?? 'condition') as DecisionRuleKind;
              form.setFieldValue('kind', next);
              form.setFieldValue(
                'value',
                next === 'condition' ? LEDGER_CONDITIONS[2] : next === 'discrepancy' ? LINE_DISCREPANCIES[0] : null,
              );
            }}
          />
          {kind === 'unit_value' ? (
            <NumberInput
              label={t`Unit value above`}
              description={t`In the order file's currency`}
              withAsterisk
              min={0}
              decimalScale={2}
              {...form.getInputProps('amount')}
            />
          ) : (
            <Select
              label={kind === 'condition' ? t`Condition` : t`Discrepancy`}
              withAsterisk
              allowDeselect={false}
              data={valueData}
              {...form.getInputProps('value')}
            />
          )}
          <NumberInput
            label={t`Deadline (hours)`}
            description={t`The default applies when no answer came by then`}
            withAsterisk
            min={0}
            max={DECISION_MAX_HOURS}
            allowDecimal={false}
            {...form.getInputProps('deadline_hours')}
          />
          <Select
            label={t`Default disposition`}
            description={t`Applied when the deadline passes`}
            withAsterisk
            data={dispositionData}
            {...form.getInputProps('default_disposition')}
          />
        </SimpleGrid>
        <EditFormActions
          editing={!!editing}
          onCancel={onDone}
          loading={create.isPending || update.isPending}
          addLabel={t`Add decision rule`}
          saveLabel={t`Save decision rule`}
        />
      </Stack>
    </form>
  );
}
