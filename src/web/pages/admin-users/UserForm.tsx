import { useState } from 'react';
import { Button, Checkbox, Group, MultiSelect, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ACCOUNT_STATUSES } from '../../../contract/constants';
import { MSG } from '../../../contract/messages';
import type { AdminCustomer } from '../../../contract/customers';
import type { AdminUser } from '../../../contract/users';
import { api } from '../../api/client';
import { isEmail } from '../../lib/validators';

interface Values {
  name: string;
  email: string;
  username: string;
  password: string;
  pass_confirmed: string;
  is_su: boolean;
  user_status: string;
  customer_ids: string[];
}

/** The user form of SPEC §2.11 with the §5 rules; an edit validates only name and email. */
export function UserForm({
  user,
  customers,
  onSaved,
}: {
  user: AdminUser | null;
  customers: AdminCustomer[];
  onSaved: (u: AdminUser) => void;
}) {
  const isNew = user === null;
  const [saving, setSaving] = useState(false);
  const form = useForm<Values>({
    initialValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      username: user?.username ?? '',
      password: '',
      pass_confirmed: '',
      is_su: user?.is_su ?? false,
      user_status: user?.user_status ?? 'Active',
      customer_ids: (user?.customer_ids ?? []).map(String),
    },
    validate: {
      name: (v) => (v.trim() ? null : MSG.nameRequired),
      email: (v) => (isEmail(v.trim()) ? null : MSG.emailInvalid),
      username: (v) => (!isNew || v.trim() ? null : MSG.usernameRequired),
      password: (v) => (!isNew || v ? null : MSG.newPasswordRequired),
      pass_confirmed: (v, all) => (all.password && v !== all.password ? MSG.passwordsMustMatch : null),
    },
  });

  async function submit(values: Values) {
    setSaving(true);
    const body = { ...values, customer_ids: values.customer_ids.map(Number) };
    const res = isNew ? await api.post<AdminUser>('/su/users', body) : await api.put<AdminUser>(`/su/users/${user.id}`, body);
    setSaving(false);
    if (res.code === 200) onSaved(res.message);
    else if (res.code === 422 && res.errors)
      form.setErrors(Object.fromEntries(Object.entries(res.errors).map(([k, v]) => [k, v.join(' ')])));
  }

  const customerOptions = customers.filter((c) => !c.is_reserved).map((c) => ({ value: String(c.id), label: c.company }));

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
        <TextInput label="Email" withAsterisk type="email" {...form.getInputProps('email')} />
        <TextInput
          label="Username"
          withAsterisk={isNew}
          autoComplete="off"
          description={isNew ? undefined : 'The login name; leave as is to keep it.'}
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Password"
          withAsterisk={isNew}
          autoComplete="new-password"
          description={isNew ? undefined : 'Leave blank to keep the current password.'}
          {...form.getInputProps('password')}
        />
        <PasswordInput label="Confirm Password" autoComplete="new-password" {...form.getInputProps('pass_confirmed')} />
        <Checkbox label="This is an admin user" {...form.getInputProps('is_su', { type: 'checkbox' })} />
        <Select label="Status" data={[...ACCOUNT_STATUSES]} allowDeselect={false} {...form.getInputProps('user_status')} />
        <MultiSelect
          label="Customers"
          description={form.values.is_su ? 'Admins see every customer.' : 'The customers this user works for.'}
          data={customerOptions}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage="No customer found"
          {...form.getInputProps('customer_ids')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {isNew ? 'Create User' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
