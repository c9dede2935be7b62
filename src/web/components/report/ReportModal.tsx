// 'Generate Return Report' (SPEC §2.15): customer, date range and e-mail; the report arrives by mail.
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { MSG } from '../../../contract/messages';
import { DEFAULT_REPORT_NAME, type ReportRequestBody } from '../../../contract/reports';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { isEmail } from '../../lib/validators';
import { CustomerSelect } from '../CustomerSelect';

interface ReportForm {
  customer_id: string | null;
  date_from: string | null;
  date_to: string | null;
  email: string;
}

const isDate = (v: string | null) => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && dayjs(v).isValid();

export interface ReportModalProps {
  opened: boolean;
  onClose: () => void;
  /** Preselects a customer (the History filter's, when one is chosen). */
  customerId?: string | null;
}

export function ReportModal({ opened, onClose, customerId }: ReportModalProps) {
  const { account } = useSession();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useForm<ReportForm>({
    initialValues: {
      customer_id: null,
      date_from: dayjs().startOf('month').format('YYYY-MM-DD'),
      date_to: dayjs().format('YYYY-MM-DD'),
      email: account?.email ?? '',
    },
    validate: {
      customer_id: (v) => (v ? null : MSG.customerRequired),
      date_from: (v) => (isDate(v) ? null : MSG.invalidDate),
      date_to: (v, values) => (isDate(v) && (!isDate(values.date_from) || v! >= values.date_from!) ? null : MSG.invalidDate),
      email: (v) => (isEmail(v) ? null : MSG.emailInvalid),
    },
  });

  // Each opening starts fresh, with the account's e-mail and the History filter's customer.
  useEffect(() => {
    if (!opened) return;
    setSent(false);
    form.setValues({ customer_id: customerId && customerId !== 'All' ? customerId : null, email: account?.email ?? '' });
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  async function submit(values: ReportForm) {
    setBusy(true);
    const body: ReportRequestBody = {
      report_name: DEFAULT_REPORT_NAME,
      customer_id: Number(values.customer_id),
      date_from: values.date_from!,
      date_to: values.date_to!,
      email: values.email.trim(),
    };
    const res = await api.post<string>('/reports', body);
    setBusy(false);
    if (res.code === 200) setSent(true);
    else if (res.code === 422 && res.errors)
      form.setErrors(Object.fromEntries(Object.entries(res.errors).map(([k, v]) => [k, v.join(' ')])));
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Generate Return Report" size="md">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          {sent && (
            <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid="report-sent">
              {MSG.reportQueued}
            </Alert>
          )}
          <CustomerSelect
            label="Customer Account"
            withAsterisk
            value={form.values.customer_id}
            error={form.errors.customer_id}
            onChange={(v) => form.setFieldValue('customer_id', v)}
          />
          <Group grow align="flex-start">
            <DateInput label="Date From" withAsterisk valueFormat="YYYY-MM-DD" {...form.getInputProps('date_from')} />
            <DateInput label="Date To" withAsterisk valueFormat="YYYY-MM-DD" {...form.getInputProps('date_to')} />
          </Group>
          <TextInput label="Email" withAsterisk type="email" {...form.getInputProps('email')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={busy}>
              Send Report
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
