import { useLingui } from '@lingui/react/macro';
import { Checkbox, Group, NumberInput, Select, TagsInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { REPORT_FORMATS, SCHEDULE_FREQUENCIES } from '../../../contract/schedules';
import { FREQUENCY_LABELS, WEEKDAY_LABELS } from './admin-labels';
import { ZONES, type ScheduleValues } from './schedule-form';

/**
 * The fields of a report schedule (when, to whom, which formats): the admin's form and the brand's
 * portal form. The day fields follow the frequency; a row wraps where two fields do not fit.
 */
export function ScheduleFields({ form, recipientsHint }: { form: UseFormReturnType<ScheduleValues>; recipientsHint: string }) {
  const { t } = useLingui();
  return (
    <>
      <Group grow align="flex-start" wrap="wrap">
        <Select
          label={t`Frequency`}
          data={SCHEDULE_FREQUENCIES.map((f) => ({ value: f, label: t(FREQUENCY_LABELS[f]!) }))}
          allowDeselect={false}
          miw={160}
          {...form.getInputProps('frequency')}
        />
        {form.values.frequency === 'Weekly' && (
          <Select
            label={t`Day of week`}
            data={WEEKDAY_LABELS.map((d, i) => ({ value: String(i + 1), label: t(d) }))}
            allowDeselect={false}
            miw={160}
            {...form.getInputProps('weekday')}
          />
        )}
        {form.values.frequency === 'Monthly' && (
          <NumberInput
            label={t`Day of month`}
            description={t`31 = the month's last day`}
            min={1}
            max={31}
            miw={160}
            {...form.getInputProps('month_day')}
          />
        )}
      </Group>
      <Group grow align="flex-start" wrap="wrap">
        <TextInput label={t`Time (HH:MM)`} miw={160} {...form.getInputProps('time_of_day')} />
        <Select label={t`Time zone`} data={ZONES} searchable allowDeselect={false} miw={160} {...form.getInputProps('time_zone')} />
      </Group>
      <TagsInput label={t`Recipients`} description={recipientsHint} splitChars={[',', ' ', ';']} {...form.getInputProps('recipients')} />
      <Checkbox.Group label={t`Format`} {...form.getInputProps('formats')}>
        <Group mt={4}>
          {REPORT_FORMATS.map((f) => (
            <Checkbox key={f} value={f} label={f} />
          ))}
        </Group>
      </Checkbox.Group>
    </>
  );
}
