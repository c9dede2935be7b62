import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconExclamationCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { MSG } from '../../contract/messages';
import { api, failureMessages } from '../api/client';

type Outcome = { kind: 'ok' } | { kind: 'error'; messages: string[] } | null;

const EMPTY = { old_password: '', password: '', password_confirmation: '' };

/** SPEC §2.6: the change-password modal of the user menu; outside clicks do not close it. */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [loading, setLoading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      old_password: (v) => (v ? null : MSG.oldPasswordRequired),
      password: (v) => (v ? null : MSG.newPasswordRequired),
      password_confirmation: (v, values) => (v === values.password ? null : MSG.newPasswordsMustMatch),
    },
  });

  const close = () => {
    form.reset();
    setOutcome(null);
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setLoading(true);
    setOutcome(null);
    const res = await api.post<string>('/account/password', values, { quiet: true });
    setLoading(false);
    if (res.code === 200) {
      form.reset();
      setOutcome({ kind: 'ok' });
    } else {
      setOutcome({ kind: 'error', messages: failureMessages(res) });
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Change Password" closeOnClickOutside={false} size="md" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {outcome?.kind === 'ok' && (
            <Alert color="green" variant="light" title="Password Updated" icon={<IconCircleCheck size={20} />}>
              Your password has been updated successfully
            </Alert>
          )}
          {outcome?.kind === 'error' && (
            <Alert color="red" variant="light" title="Error" icon={<IconExclamationCircle size={20} />}>
              {outcome.messages.join(' ')}
            </Alert>
          )}
          <PasswordInput
            label="Old Password"
            autoComplete="current-password"
            data-autofocus
            key={form.key('old_password')}
            {...form.getInputProps('old_password')}
          />
          <PasswordInput label="New Password" autoComplete="new-password" key={form.key('password')} {...form.getInputProps('password')} />
          <PasswordInput
            label="Confirm New Password"
            autoComplete="new-password"
            key={form.key('password_confirmation')}
            {...form.getInputProps('password_confirmation')}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button type="submit" loading={loading}>
              Update Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
