import { Alert, Anchor, Button, Center, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconExclamationCircle, IconMailCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { MSG } from '../../../contract/messages';
import { api, failureText } from '../../api/client';
import { isEmail } from '../../lib/validators';
import { AuthHeading } from '../auth-heading';

type Outcome = { ok: true } | { ok: false; text: string } | null;

/** SPEC §2.4. */
export default function ForgetPasswordPage() {
  const [loading, setLoading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '', email: '' },
    validate: {
      username: (v) => (v.trim() ? null : MSG.usernameRequired),
      email: (v) => (isEmail(v) ? null : MSG.emailInvalid),
    },
  });

  useEffect(() => {
    document.title = 'Forget Password · Returns Desk';
  }, []);

  const submit = form.onSubmit(async ({ username, email }) => {
    setLoading(true);
    setOutcome(null);
    const res = await api.post<string>('/auth/forget-password', { username: username.trim(), email: email.trim() });
    setLoading(false);
    if (res.code === 200) {
      form.reset();
      setOutcome({ ok: true });
    } else {
      setOutcome({ ok: false, text: failureText(res) });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <AuthHeading
        title="Forget Password"
        subtitle="Enter your username and e-mail address; we will send you a link to choose a new password."
      />
      <Stack gap="md">
        {outcome?.ok && (
          <Alert color="green" variant="light" icon={<IconMailCheck size={18} />} role="status">
            {MSG.checkEmail}
          </Alert>
        )}
        {outcome && !outcome.ok && (
          <Alert color="red" variant="light" icon={<IconExclamationCircle size={18} />} role="alert">
            {outcome.text}
          </Alert>
        )}
        <TextInput label="Username" autoComplete="username" autoFocus key={form.key('username')} {...form.getInputProps('username')} />
        <TextInput label="Email" type="email" autoComplete="email" key={form.key('email')} {...form.getInputProps('email')} />
        <Button type="submit" fullWidth loading={loading} size="md">
          Reset
        </Button>
        <Center>
          <Anchor component={Link} to="/auth/login" size="sm">
            <IconArrowLeft size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
            Back to login
          </Anchor>
        </Center>
      </Stack>
    </form>
  );
}
