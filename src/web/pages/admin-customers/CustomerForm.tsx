import { useState } from 'react';
import { Button, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ACCOUNT_STATUSES, ORDER_SOURCES } from '../../../contract/constants';
import { MSG } from '../../../contract/messages';
import type { AdminCustomer } from '../../../contract/customers';
import { api } from '../../api/client';

interface Values {
  company: string;
  can_blind: boolean;
  customer_status: string;
  order_source: string;
  cdn_url_1: string;
  cdn_url_2: string;
}

const URL_MESSAGE = 'Enter a full http(s) URL or leave it empty';
const urlRule = (v: string) => (!v.trim() || /^https?:\/\/\S+$/i.test(v.trim()) ? null : URL_MESSAGE);

/** The customer form of SPEC §2.12. */
export function CustomerForm({ customer, onSaved }: { customer: AdminCustomer | null; onSaved: (c: AdminCustomer) => void }) {
  const [saving, setSaving] = useState(false);
  const form = useForm<Values>({
    initialValues: {
      company: customer?.company ?? '',
      can_blind: customer?.can_blind ?? false,
      customer_status: customer?.customer_status ?? 'Active',
      order_source: customer?.order_source ?? ORDER_SOURCES[0],
      cdn_url_1: customer?.cdn_url_1 ?? '',
      cdn_url_2: customer?.cdn_url_2 ?? '',
    },
    validate: { company: (v) => (v.trim() ? null : MSG.companyRequired), cdn_url_1: urlRule, cdn_url_2: urlRule },
  });

  async function submit(values: Values) {
    setSaving(true);
    const res = customer
      ? await api.put<AdminCustomer>(`/su/customers/${customer.id}`, values)
      : await api.post<AdminCustomer>('/su/customers', values);
    setSaving(false);
    if (res.code === 200) onSaved(res.message);
    else if (res.code === 422 && res.errors)
      form.setErrors(Object.fromEntries(Object.entries(res.errors).map(([k, v]) => [k, v.join(' ')])));
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <TextInput label="Company" withAsterisk {...form.getInputProps('company')} />
        <Checkbox label="Enable blind receiving" {...form.getInputProps('can_blind', { type: 'checkbox' })} />
        <Select label="Status" data={[...ACCOUNT_STATUSES]} allowDeselect={false} {...form.getInputProps('customer_status')} />
        <Select label="Order Source" data={[...ORDER_SOURCES]} allowDeselect={false} {...form.getInputProps('order_source')} />
        <TextInput label="Image base URL 1" placeholder="https://cdn.example.com/images/" {...form.getInputProps('cdn_url_1')} />
        <TextInput label="Image base URL 2" placeholder="https://cdn2.example.com/images/" {...form.getInputProps('cdn_url_2')} />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {customer ? 'Save' : 'Create Customer'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
