import { useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, MultiSelect, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ACCOUNT_STATUSES, type AccountStatus } from '../../../contract/constants';
import type { AdminCustomer } from '../../../contract/customers';
import { userCreateBody, userUpdateBody, type AdminUser } from '../../../contract/users';
import { useRouteMutation } from '../../api/queries';
import { schemaValidate, setServerErrors } from '../../lib/form';
import { ACCOUNT_STATUS_LABELS } from '../admin-customers/admin-labels';

interface Values {
  name: string;
  email: string;
  username: string;
  password: string;
  pass_confirmed: string;
  is_su: boolean;
  user_status: AccountStatus;
  customer_ids: string[];
}

/** The customers are picked as strings (MultiSelect); the routes take numbers. */
const toBody = (values: Values) => ({ ...values, customer_ids: values.customer_ids.map(Number) });
const ACTIVE: AccountStatus = 'Active';
const afterSave = { invalidates: ['listUsers', 'auditTrail'] } as const;

/** The user form of SPEC §2.11 with the §5 rules (the routes' schemas); an edit validates only name and email. */
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
  const { t, i18n } = useLingui();
  const form = useForm<Values>({
    initialValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      username: user?.username ?? '',
      password: '',
      pass_confirmed: '',
      is_su: user?.is_su ?? false,
      user_status: (user?.user_status ?? ACTIVE) as AccountStatus,
      customer_ids: (user?.customer_ids ?? []).map(String),
    },
    validate: schemaValidate(isNew ? userCreateBody : userUpdateBody, { toBody }),
  });
  const handlers = { ...afterSave, onSuccess: onSaved, onError: (error: unknown) => setServerErrors(form, error) };
  const create = useRouteMutation('createUser', { ...handlers, toInput: (values: Values) => ({ body: toBody(values) }) });
  const update = useRouteMutation('updateUser', {
    ...handlers,
    toInput: (values: Values) => ({ params: { id: user!.id }, body: toBody(values) }),
  });

  const customerOptions = customers.filter((c) => !c.is_reserved).map((c) => ({ value: String(c.id), label: c.company }));

  return (
    <form onSubmit={form.onSubmit((values) => (isNew ? create : update).mutate(values))} noValidate>
      <Stack gap="sm">
        <TextInput label={t`Name`} withAsterisk {...form.getInputProps('name')} />
        <TextInput label={t`Email`} withAsterisk type="email" {...form.getInputProps('email')} />
        <TextInput
          label={t`Username`}
          withAsterisk={isNew}
          autoComplete="off"
          description={isNew ? undefined : t`The login name; leave as is to keep it.`}
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label={t`Password`}
          withAsterisk={isNew}
          autoComplete="new-password"
          description={isNew ? undefined : t`Leave blank to keep the current password.`}
          {...form.getInputProps('password')}
        />
        <PasswordInput label={t`Confirm Password`} autoComplete="new-password" {...form.getInputProps('pass_confirmed')} />
        <Checkbox label={t`This is an admin user`} {...form.getInputProps('is_su', { type: 'checkbox' })} />
        <Select
          label={t`Status`}
          data={ACCOUNT_STATUSES.map((s) => ({ value: s, label: i18n._(ACCOUNT_STATUS_LABELS[s]) }))}
          allowDeselect={false}
          {...form.getInputProps('user_status')}
        />
        <MultiSelect
          label={t`Customers`}
          description={form.values.is_su ? t`Admins see every customer.` : t`The customers this user works for.`}
          data={customerOptions}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage={t`No customer found`}
          {...form.getInputProps('customer_ids')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending || update.isPending}>
            {isNew ? t`Create User` : t`Save`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
