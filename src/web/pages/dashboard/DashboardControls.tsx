import { useLingui } from '@lingui/react/macro';
import { Group, SegmentedControl } from '@mantine/core';
import { DateInput } from '../../components/dates/DateInput';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '../../../contract/dashboard';
import { ALL_CUSTOMERS, CustomerSelect } from '../../components/CustomerSelect';
import { PERIOD_LABEL } from './labels';
import classes from './DashboardControls.module.css';

export interface DashboardParams {
  period: DashboardPeriod;
  from: string;
  to: string;
  customer: string;
}

export function DashboardControls({ value, onChange }: { value: DashboardParams; onChange: (next: DashboardParams) => void }) {
  const { t } = useLingui();
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label={t`Period`}
        classNames={{ root: classes.period, control: classes.periodControl, label: classes.periodLabel }}
        data={DASHBOARD_PERIODS.map((p) => ({ value: p.value, label: t(PERIOD_LABEL[p.value]!) }))}
        value={value.period}
        onChange={(period) => onChange({ ...value, period: period as DashboardPeriod })}
      />
      {value.period === 'range' && (
        <>
          <DateInput
            size="sm"
            w={150}
            label={t`From`}
            placeholder={t`YYYY-MM-DD`}
            value={value.from || null}
            maxDate={value.to || undefined}
            onChange={(v) => onChange({ ...value, from: v ?? '' })}
          />
          <DateInput
            size="sm"
            w={150}
            label={t`To`}
            placeholder={t`YYYY-MM-DD`}
            value={value.to || null}
            minDate={value.from || undefined}
            onChange={(v) => onChange({ ...value, to: v ?? '' })}
          />
        </>
      )}
      <CustomerSelect
        w={240}
        label={t`Customer`}
        withAll
        value={value.customer}
        onChange={(v) => onChange({ ...value, customer: v ?? ALL_CUSTOMERS })}
      />
    </Group>
  );
}
