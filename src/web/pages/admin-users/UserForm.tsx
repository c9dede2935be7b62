import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { Button, Checkbox, Group, Input, MultiSelect, PasswordInput, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ACCOUNT_STATUSES, type AccountStatus } from '../../../contract/constants';
import type { AdminCustomer } from '../../../contract/customers';
import { userCreateBody, userUpdateBody, type AdminUser } from '../../../contract/users';
import { useRouteMutation } from '../../api/queries';
import { schemaValidate, setServerErrors } from '../../lib/form';
import { ACCOUNT_STATUS_LABELS } from '../admin-customers/admin-labels';

/** What each kind of user may do, under the kind's choice. */
const KIND_HELP: Record<UserKind, MessageDescriptor> = {
  operator: msg`Receives returns and parcels for the customers below.`,
  admin: msg`Everything, for every customer.`,
  brand: msg`A brand's user: sees the returns, parcels and dashboard of the customers below, never the warehouse's screens.`,
};

interface Values {
  name: string;
  email: string;
  username: string;
  password: string;
  pass_confirmed: string;
  /** Operator, admin or brand user (issue 25): is_su and is_brand in the body. */
  kind: UserKind;
  /** A new user chooses the password from a mailed link. */
  invite: boolean;
  user_status: AccountStatus;
  customer_ids: string[];
}

type UserKind = 'operator' | 'admin' | 'brand';
const kindOf = (u: AdminUser | null): UserKind => (u?.is_su ? 'admin' : u?.is_brand ? 'brand' : 'operator');

/** The customers are picked as strings (MultiSelect); the routes take numbers; the kind is two flags. */
const toBody = ({ kind, invite, ...values }: Values) => ({
  ...values,
  ...(invite ? { invite, password: '', pass_confirmed: '' } : {}),
  is_su: kind === 'admin',
  is_brand: kind === 'brand',
  customer_ids: values.customer_ids.map(Number),
});
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
      kind: kindOf(user),
      invite: false,
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

  const invite = useRouteMutation('inviteUser', {
    invalidates: ['auditTrail'],
    onSuccess: (u) => notifications.show({ color: 'green', title: t`Invitation sent`, message: u.email }),
  });
  const kind = form.values.kind;
  const withPassword = !(isNew && form.values.invite);

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
        <Input.Wrapper
          label={t`Kind of user`}
          id="user-kind"
          labelElement="div"
          description={t(KIND_HELP[kind])}
          // The server names the flags; the form shows their messages under the one choice.
          error={form.errors.is_brand ?? form.errors.is_su}
        >
          <SegmentedControl
            fullWidth
            aria-labelledby="user-kind-label"
            data={[
              { value: 'operator', label: t({ message: 'Operator', context: 'role' }) },
              { value: 'admin', label: t({ message: 'Admin', context: 'role' }) },
              { value: 'brand', label: t`Brand` },
            ]}
            {...form.getInputProps('kind')}
          />
        </Input.Wrapper>
        {isNew && (
          <Checkbox
            label={t`Send an invitation by e-mail; the user chooses the password`}
            {...form.getInputProps('invite', { type: 'checkbox' })}
          />
        )}
        {withPassword && (
          <>
            <PasswordInput
              label={t`Password`}
              withAsterisk={isNew}
              autoComplete="new-password"
              description={isNew ? undefined : t`Leave blank to keep the current password.`}
              {...form.getInputProps('password')}
            />
            <PasswordInput label={t`Confirm Password`} autoComplete="new-password" {...form.getInputProps('pass_confirmed')} />
          </>
        )}
        <Select
          label={t`Status`}
          data={ACCOUNT_STATUSES.map((s) => ({ value: s, label: i18n._(ACCOUNT_STATUS_LABELS[s]) }))}
          allowDeselect={false}
          {...form.getInputProps('user_status')}
        />
        <MultiSelect
          label={t`Customers`}
          withAsterisk={kind === 'brand'}
          description={
            kind === 'admin'
              ? t`Admins see every customer.`
              : kind === 'brand'
                ? t`The brand's customers: the only ones it sees.`
                : t`The customers this user works for.`
          }
          data={customerOptions}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage={t`No customer found`}
          {...form.getInputProps('customer_ids')}
        />
        <Group justify="flex-end">
          {!isNew && user.user_status === ACTIVE && (
            <Button variant="default" loading={invite.isPending} onClick={() => invite.mutate({ params: { id: user.id } })}>
              {t`Send invitation`}
            </Button>
          )}
          <Button type="submit" loading={create.isPending || update.isPending}>
            {isNew ? t`Create User` : t`Save`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
