import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconExclamationCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { changePasswordBody } from '../../contract/auth';
import { failureMessages } from '../api/client';
import { useRouteMutation } from '../api/queries';
import { schemaValidate } from '../lib/form';

type Outcome = { kind: 'ok' } | { kind: 'error'; messages: string[] } | null;

const EMPTY = { old_password: '', password: '', password_confirmation: '' };

/** SPEC §2.6: the change-password modal of the user menu; outside clicks do not close it. */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm({ mode: 'controlled', initialValues: EMPTY, validate: schemaValidate(changePasswordBody) });
  // quiet: SPEC §8 shows a failed change in the modal's red alert, not as a notification.
  const change = useRouteMutation('changePassword', {
    quiet: true,
    onSuccess: () => {
      form.reset();
      setOutcome({ kind: 'ok' });
    },
    onError: (error) => setOutcome({ kind: 'error', messages: failureMessages(error.failure) }),
  });

  const close = () => {
    form.reset();
    setOutcome(null);
    onClose();
  };

  const submit = form.onSubmit((values) => {
    setOutcome(null);
    change.mutate({ body: values });
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t`Change Password`}
      closeOnClickOutside={false}
      size="md"
      radius="md"
      // The caller puts the focus back: the menu item that opened the modal no longer exists.
      returnFocus={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {outcome?.kind === 'ok' && (
            <Alert color="green" variant="light" title={t`Password Updated`} icon={<IconCircleCheck size={20} />}>
              <Trans>Your password has been updated successfully</Trans>
            </Alert>
          )}
          {outcome?.kind === 'error' && (
            <Alert color="red" variant="light" title={t`Error`} icon={<IconExclamationCircle size={20} />}>
              {outcome.messages.join(' ')}
            </Alert>
          )}
          <PasswordInput
            label={t`Old Password`}
            autoComplete="current-password"
            data-autofocus
            key={form.key('old_password')}
            {...form.getInputProps('old_password')}
          />
          <PasswordInput
            label={t`New Password`}
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t`Confirm New Password`}
            autoComplete="new-password"
            key={form.key('password_confirmation')}
            {...form.getInputProps('password_confirmation')}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              <Trans>Close</Trans>
            </Button>
            <Button type="submit" loading={change.isPending}>
              <Trans>Update Password</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
