import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { ActionIcon, Button, Fieldset, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  GRADES,
  RULE_LIMITS,
  RULE_MATCHES,
  SERIAL_CAPTURES,
  SERIAL_CHECKS,
  STEP_KINDS,
  ruleBody,
  type Grade,
  type GradeScaleEntry,
  type RuleMatch,
  type RuleView,
  type SerialCapture,
  type SerialCheck,
  type StepKind,
} from '../../../../contract/inspection';
import type { DispositionView } from '../../../../contract/dispositions';
import { useRouteMutation } from '../../../api/queries';
import { schemaValidate, setServerErrors } from '../../../lib/form';
import { EditFormActions } from '../EditFormActions';
import { MATCH_LABELS, SERIAL_CHECK_LABELS, SERIAL_LABELS, STEP_KIND_LABELS } from './rule-labels';

interface StepValues {
  text: string;
  kind: StepKind;
  no_grade: Grade | null;
}
export interface RuleValues {
  match: RuleMatch;
  value: string;
  steps: StepValues[];
  grade_dispositions: Record<Grade, string | null>;
  serial: SerialCapture;
  serial_check: SerialCheck;
}

const noDispositions = () => Object.fromEntries(GRADES.map((g) => [g, null])) as Record<Grade, string | null>;
const EMPTY: RuleValues = { match: 'sku', value: '', steps: [], grade_dispositions: noDispositions(), serial: 'none', serial_check: 'any' };

function valuesOf(rule: RuleView | null): RuleValues {
  if (!rule) return { ...EMPTY, grade_dispositions: noDispositions(), steps: [] };
  return {
    match: rule.match,
    value: rule.value ?? '',
    steps: rule.steps.map((s) => ({ ...s })),
    grade_dispositions: Object.fromEntries(GRADES.map((g) => [g, rule.grade_dispositions[g] ?? null])) as Record<Grade, string | null>,
    serial: rule.serial,
    serial_check: rule.serial_check,
  };
}

/** The route's body: an empty value is no value, a grade without a disposition is left out. */
export const toBody = (v: RuleValues) => ({
  match: v.match,
  value: v.value.trim() || null,
  steps: v.steps.map((s) => ({ text: s.text, kind: s.kind, no_grade: s.kind === 'yes_no' ? s.no_grade : null })),
  grade_dispositions: Object.fromEntries(Object.entries(v.grade_dispositions).filter(([, code]) => code)),
  serial: v.serial,
  serial_check: v.serial === 'none' ? 'any' : v.serial_check,
});

const afterSave = { invalidates: ['listInspectionRules', 'auditTrail'] } as const;

/**
 * Adds or changes one inspection rule (issue 27): what it applies to, its steps (each a plain
 * confirmation, a photo or a yes/no answer that may set a grade), the disposition per grade and the
 * serial capture. The server's 422 messages show under their fields.
 */
export function RuleForm({
  customerId,
  editing,
  grades,
  dispositions,
  onDone,
}: {
  customerId: number;
  editing: RuleView | null;
  grades: GradeScaleEntry[];
  dispositions: DispositionView[];
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const form = useForm<RuleValues>({ initialValues: valuesOf(editing), validate: schemaValidate(ruleBody, { toBody }) });
  useEffect(() => {
    form.setValues(valuesOf(editing));
    form.clearErrors();
    // Only a new rule to edit resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing]);
  const onError = (error: unknown) => setServerErrors(form, error);
  const create = useRouteMutation('createInspectionRule', {
    ...afterSave,
    toInput: (values: RuleValues) => ({ params: { id: customerId }, body: toBody(values) }),
    onSuccess: () => {
      form.setValues(valuesOf(null));
      onDone();
    },
    onError,
  });
  const update = useRouteMutation('updateInspectionRule', {
    ...afterSave,
    toInput: (values: RuleValues) => ({ params: { id: customerId, ruleId: editing!.id }, body: toBody(values) }),
    onSuccess: onDone,
    onError,
  });

  const gradeLabel = (g: Grade) => grades.find((x) => x.grade === g)?.label ?? g;
  const gradeData = GRADES.map((g) => ({ value: g, label: gradeLabel(g) }));
  const dispositionData = dispositions.map((d) => ({ value: d.code, label: `${d.code} – ${d.name}` }));
  const { match, serial, steps } = form.values;

  return (
    <form onSubmit={form.onSubmit((values) => (editing ? update : create).mutate(values))} noValidate data-testid="rule-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t`Applies to`}
            withAsterisk
            allowDeselect={false}
            data={RULE_MATCHES.map((m) => ({ value: m, label: i18n._(MATCH_LABELS[m]) }))}
            {...form.getInputProps('match')}
            onChange={(v) => {
              form.setFieldValue('match', (v ?? 'sku') as RuleMatch);
              if (v === 'default') form.setFieldValue('value', '');
            }}
          />
          <TextInput
            label={match === 'prefix' ? t`SKU prefix` : match === 'category' ? t`Category` : t`SKU`}
            withAsterisk={match !== 'default'}
            disabled={match === 'default'}
            description={match === 'default' ? t`The default rule applies to every product no other rule matches.` : undefined}
            maxLength={RULE_LIMITS.value}
            {...form.getInputProps('value')}
          />
        </SimpleGrid>

        <Fieldset legend={t`Inspection steps`} variant="filled" p="sm">
          <Stack gap="xs">
            {steps.length === 0 && (
              <Text size="sm" c="dimmed">
                <Trans>No steps: the product is graded at once.</Trans>
              </Text>
            )}
            {steps.map((step, i) => (
              <Group key={i} align="flex-start" gap="xs" wrap="wrap" data-testid="rule-step">
                <TextInput
                  label={t`Step ${i + 1}`}
                  withAsterisk
                  maxLength={RULE_LIMITS.stepText}
                  style={{ flex: '1 1 14rem' }}
                  {...form.getInputProps(`steps.${i}.text`)}
                />
                <Select
                  label={t`Step ${i + 1}: kind`}
                  allowDeselect={false}
                  w={170}
                  data={STEP_KINDS.map((k) => ({ value: k, label: i18n._(STEP_KIND_LABELS[k]) }))}
                  {...form.getInputProps(`steps.${i}.kind`)}
                />
                {step.kind === 'yes_no' && (
                  <Select
                    label={t`Step ${i + 1}: grade on no`}
                    placeholder={t`The operator grades`}
                    clearable
                    w={170}
                    data={gradeData}
                    {...form.getInputProps(`steps.${i}.no_grade`)}
                  />
                )}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={26}
                  size="lg"
                  aria-label={t`Remove step ${i + 1}`}
                  onClick={() => form.removeListItem('steps', i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            {typeof form.errors.steps === 'string' && (
              <Text size="sm" c="red">
                {form.errors.steps}
              </Text>
            )}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={steps.length >= RULE_LIMITS.maxSteps}
                onClick={() => form.insertListItem('steps', { text: '', kind: 'confirm', no_grade: null })}
              >
                <Trans>Add step</Trans>
              </Button>
            </Group>
          </Stack>
        </Fieldset>

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t`Serial number`}
            allowDeselect={false}
            data={SERIAL_CAPTURES.map((s) => ({ value: s, label: i18n._(SERIAL_LABELS[s]) }))}
            {...form.getInputProps('serial')}
          />
          <Select
            label={t`Serial check`}
            allowDeselect={false}
            disabled={serial === 'none'}
            data={SERIAL_CHECKS.map((s) => ({ value: s, label: i18n._(SERIAL_CHECK_LABELS[s]) }))}
            {...form.getInputProps('serial_check')}
          />
        </SimpleGrid>

        <Fieldset legend={t`Disposition per grade`} variant="filled" p="sm">
          <Text size="xs" c="dimmed" mb="xs">
            <Trans>A grade left empty gets the disposition its condition has by default.</Trans>
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {GRADES.map((g) => (
              <Select
                key={g}
                label={t`Grade ${gradeLabel(g)}`}
                placeholder={t`Condition's default`}
                clearable
                data={dispositionData}
                {...form.getInputProps(`grade_dispositions.${g}`)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>

        <EditFormActions
          editing={!!editing}
          onCancel={onDone}
          loading={create.isPending || update.isPending}
          addLabel={t`Add Rule`}
          saveLabel={t`Save Rule`}
        />
      </Stack>
    </form>
  );
}
