import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, MultiSelect, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ACCOUNT_STATUSES,
  LEDGER_CONDITIONS,
  ORDER_SOURCES,
  type AccountStatus,
  type LedgerCondition,
  type OrderSource,
} from '../../../contract/constants';
import { customerBody, type AdminCustomer } from '../../../contract/customers';
import { PARCEL_LIMITS } from '../../../contract/parcel-rules';
import { useRouteMutation } from '../../api/queries';
import { schemaValidate, setServerErrors } from '../../lib/form';
import { ACCOUNT_STATUS_LABELS, CONDITION_LABELS } from './admin-labels';

interface Values {
  company: string;
  can_blind: boolean;
  customer_status: AccountStatus;
  order_source: OrderSource;
  cdn_url_1: string;
  cdn_url_2: string;
  parcel_amber_days: number | string;
  parcel_red_days: number | string;
  photo_required_conditions: LedgerCondition[];
  /** ISO 4217; billing rates are in it (issue 12). */
  currency: string;
}

// Rates show the customer's currency, so they are read again after a save.
const ACTIVE: AccountStatus = 'Active';
const afterSave = { invalidates: ['listCustomers', 'auditTrail', 'listBillingRates'] } as const;

/** The customer form of SPEC §2.12, checked by the route's schema. */
export function CustomerForm({ customer, onSaved }: { customer: AdminCustomer | null; onSaved: (c: AdminCustomer) => void }) {
  const { t, i18n } = useLingui();
  const form = useForm<Values>({
    initialValues: {
      company: customer?.company ?? '',
      can_blind: customer?.can_blind ?? false,
      customer_status: (customer?.customer_status ?? ACTIVE) as AccountStatus,
      order_source: (customer?.order_source ?? ORDER_SOURCES[0]) as OrderSource,
      cdn_url_1: customer?.cdn_url_1 ?? '',
      cdn_url_2: customer?.cdn_url_2 ?? '',
      parcel_amber_days: customer?.parcel_amber_days ?? PARCEL_LIMITS.defaultAmberDays,
      parcel_red_days: customer?.parcel_red_days ?? PARCEL_LIMITS.defaultRedDays,
      photo_required_conditions: (customer?.photo_required_conditions ?? []) as LedgerCondition[],
      currency: customer?.currency ?? 'EUR',
    },
    validate: schemaValidate(customerBody),
  });
  const handlers = { ...afterSave, onSuccess: onSaved, onError: (error: unknown) => setServerErrors(form, error) };
  const create = useRouteMutation('createCustomer', { ...handlers, toInput: (body: Values) => ({ body }) });
  const update = useRouteMutation('updateCustomer', { ...handlers, toInput: (body: Values) => ({ params: { id: customer!.id }, body }) });

  return (
    <form onSubmit={form.onSubmit((values) => (customer ? update : create).mutate(values))} noValidate>
      <Stack gap="sm">
        <TextInput label={t`Company`} withAsterisk {...form.getInputProps('company')} />
        <Checkbox label={t`Enable blind receiving`} {...form.getInputProps('can_blind', { type: 'checkbox' })} />
        <Select
          label={t`Status`}
          data={ACCOUNT_STATUSES.map((s) => ({ value: s, label: i18n._(ACCOUNT_STATUS_LABELS[s]) }))}
          allowDeselect={false}
          {...form.getInputProps('customer_status')}
        />
        <Select label={t`Order Source`} data={[...ORDER_SOURCES]} allowDeselect={false} {...form.getInputProps('order_source')} />
        <TextInput label={t`Image base URL 1`} placeholder="https://cdn.example.com/images/" {...form.getInputProps('cdn_url_1')} />
        <TextInput label={t`Image base URL 2`} placeholder="https://cdn2.example.com/images/" {...form.getInputProps('cdn_url_2')} />
        <Text size="sm" fw={500} mt="xs">
          <Trans>Unknown parcels waiting (days)</Trans>
        </Text>
        <Group grow align="flex-start">
          <NumberInput
            label={t`Amber after`}
            min={1}
            max={PARCEL_LIMITS.maxAgeDays}
            allowDecimal={false}
            {...form.getInputProps('parcel_amber_days')}
          />
          <NumberInput
            label={t`Red after`}
            min={1}
            max={PARCEL_LIMITS.maxAgeDays}
            allowDecimal={false}
            {...form.getInputProps('parcel_red_days')}
          />
        </Group>
        <MultiSelect
          label={t`Photo required for`}
          description={t`A return cannot be submitted while a line of these conditions has no photo.`}
          placeholder={t`No condition`}
          data={LEDGER_CONDITIONS.map((c) => ({ value: c, label: i18n._(CONDITION_LABELS[c]) }))}
          clearable
          {...form.getInputProps('photo_required_conditions')}
        />
        <TextInput
          label={t`Billing currency`}
          description={t`ISO 4217 code, such as EUR, USD or GBP. It cannot change while the customer has billing rates.`}
          maxLength={3}
          autoComplete="off"
          {...form.getInputProps('currency')}
          onChange={(e) => form.setFieldValue('currency', e.currentTarget.value.toUpperCase())}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending || update.isPending}>
            {customer ? t`Save` : t`Create Customer`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
