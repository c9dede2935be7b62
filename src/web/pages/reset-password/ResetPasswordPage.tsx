import { Alert, Anchor, Button, Center, Loader, Stack, Text, PasswordInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconArrowLeft, IconCircleCheck, IconExclamationCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { MSG } from '../../../contract/messages';
import { api, failureText } from '../../api/client';
import { AuthHeading } from '../auth-heading';

type Check = 'checking' | 'valid' | 'expired';
type Outcome = { ok: true } | { ok: false; text: string } | null;

/** SPEC §2.5: check the link, then let the user choose a new password. */
export default function ResetPasswordPage() {
  const { username = '', token = '' } = useParams();
  const [check, setCheck] = useState<Check>('checking');
  const [loading, setLoading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { new_pass: '', new_pass_confirmed: '' },
    validate: {
      new_pass: (v) => (v ? null : MSG.newPasswordRequired),
      new_pass_confirmed: (v, values) => (v === values.new_pass ? null : MSG.passwordsMustMatch),
    },
  });

  useEffect(() => {
    document.title = 'Reset Password · Returns Desk';
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    setCheck('checking');
    void api.post('/auth/validate-reset-token', { username, token }, { signal: controller.signal }).then((res) => {
      if (!controller.signal.aborted) setCheck(res.code === 200 ? 'valid' : 'expired');
    });
    return () => controller.abort();
  }, [username, token]);

  const submit = form.onSubmit(async ({ new_pass }) => {
    setLoading(true);
    setOutcome(null);
    const res = await api.post<string>('/auth/confirm-password', { username, token, new_pass });
    setLoading(false);
    if (res.code === 200) {
      form.reset();
      setOutcome({ ok: true });
    } else {
      setOutcome({ ok: false, text: failureText(res) });
    }
  });

  const backToLogin = (
    <Center>
      <Anchor component={Link} to="/auth/login" size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
        Back to login
      </Anchor>
    </Center>
  );

  return (
    <div>
      <AuthHeading title="Reset Password" subtitle={check === 'valid' ? `Choose a new password for ${username}.` : undefined} />
      <Stack gap="md">
        {check === 'checking' && (
          <Stack align="center" gap="xs" py="lg" data-testid="reset-checking">
            <Loader size="md" />
            <Text size="sm" c="dimmed">
              Checking your reset link…
            </Text>
          </Stack>
        )}

        {check === 'expired' && (
          <Alert color="red" variant="light" title="Expired Link" icon={<IconAlertTriangle size={20} />} role="alert">
            <Stack gap={6}>
              <Text size="sm">{MSG.resetLinkExpired}</Text>
              <Anchor component={Link} to="/auth/forget-password" size="sm" fw={500}>
                Request a new reset link
              </Anchor>
            </Stack>
          </Alert>
        )}

        {check === 'valid' && (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              {outcome?.ok && (
                <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
                  {MSG.passwordUpdated}
                </Alert>
              )}
              {outcome && !outcome.ok && (
                <Alert color="red" variant="light" icon={<IconExclamationCircle size={18} />} role="alert">
                  {outcome.text}
                </Alert>
              )}
              <PasswordInput
                label="Password"
                autoComplete="new-password"
                autoFocus
                key={form.key('new_pass')}
                {...form.getInputProps('new_pass')}
              />
              <PasswordInput
                label="Confirm Password"
                autoComplete="new-password"
                key={form.key('new_pass_confirmed')}
                {...form.getInputProps('new_pass_confirmed')}
              />
              <Button type="submit" fullWidth loading={loading} size="md">
                Reset
              </Button>
            </Stack>
          </form>
        )}

        {backToLogin}
      </Stack>
    </div>
  );
}
