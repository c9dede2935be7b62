// 'Generate Return Report' (SPEC §2.15): customer, date range and e-mail; the report arrives by mail.
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { MSG } from '../../../contract/messages';
import { DEFAULT_REPORT_NAME, reportRequestBody } from '../../../contract/reports';
import { useRouteMutation } from '../../api/queries';
import { useSession } from '../../auth/session';
import { messageText } from '../../i18n/server-text';
import { schemaValidate, setServerErrors } from '../../lib/form';
import { CustomerSelect } from '../CustomerSelect';

interface ReportForm {
  customer_id: string | null;
  date_from: string | null;
  date_to: string | null;
  email: string;
}

/** The route's body; the checks (customer, real dates in order, e-mail) are the route schema's. */
const toBody = (values: ReportForm) => ({
  report_name: DEFAULT_REPORT_NAME,
  customer_id: values.customer_id,
  date_from: values.date_from ?? '',
  date_to: values.date_to ?? '',
  email: values.email.trim(),
});

export interface ReportModalProps {
  opened: boolean;
  onClose: () => void;
  /** Preselects a customer (the History filter's, when one is chosen). */
  customerId?: string | null;
}

export function ReportModal({ opened, onClose, customerId }: ReportModalProps) {
  const { t } = useLingui();
  const { account } = useSession();
  const [sent, setSent] = useState(false);
  const form = useForm<ReportForm>({
    initialValues: {
      customer_id: null,
      date_from: dayjs().startOf('month').format('YYYY-MM-DD'),
      date_to: dayjs().format('YYYY-MM-DD'),
      email: account?.email ?? '',
    },
    validate: schemaValidate(reportRequestBody, { toBody }),
  });
  const request = useRouteMutation('requestReport', {
    toInput: (values: ReportForm) => ({ body: toBody(values) }),
    onSuccess: () => setSent(true),
    onError: (error) => setServerErrors(form, error),
  });

  // Each opening starts fresh, with the account's e-mail and the History filter's customer.
  useEffect(() => {
    if (!opened) return;
    setSent(false);
    form.setValues({ customer_id: customerId && customerId !== 'All' ? customerId : null, email: account?.email ?? '' });
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  return (
    <Modal opened={opened} onClose={onClose} title={t`Generate Return Report`} size="md">
      <form onSubmit={form.onSubmit((values) => request.mutate(values))} noValidate>
        <Stack>
          {sent && (
            <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid="report-sent">
              {messageText('auth.reportQueued', MSG.reportQueued)}
            </Alert>
          )}
          <CustomerSelect
            label={t`Customer Account`}
            withAsterisk
            value={form.values.customer_id}
            error={form.errors.customer_id}
            onChange={(v) => form.setFieldValue('customer_id', v)}
          />
          {/* The browser's own date fields (issue 28): Mantine's DateInput read a typed '2026-13-45' leniently
              as 2027-02-14; a native field holds a real day or nothing, and nothing is 'please enter a valid date'
              under that field. */}
          <Group grow align="flex-start">
            <TextInput type="date" label={t`Date From`} withAsterisk {...form.getInputProps('date_from')} />
            <TextInput type="date" label={t`Date To`} withAsterisk {...form.getInputProps('date_to')} />
          </Group>
          <TextInput label={t`Email`} withAsterisk type="email" {...form.getInputProps('email')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Close</Trans>
            </Button>
            <Button type="submit" loading={request.isPending}>
              <Trans>Send Report</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
