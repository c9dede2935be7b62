import { Alert, Anchor, Button, Center, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconExclamationCircle, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { forgetPasswordBody } from '../../../contract/auth';
import { MSG } from '../../../contract/messages';
import { failureText } from '../../api/client';
import { WithQueryCache } from '../../api/QueryCache';
import { useRouteMutation } from '../../api/queries';
import { schemaValidate } from '../../lib/form';
import { AuthHeading } from '../auth-heading';
import { usePageTitle } from '../../lib/page-title';

type Outcome = { ok: true } | { ok: false; text: string } | null;

/** SPEC §2.4. */
function ForgetPasswordPageForm() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm({ mode: 'controlled', initialValues: { username: '', email: '' }, validate: schemaValidate(forgetPasswordBody) });
  const request = useRouteMutation('forgetPassword', {
    onSuccess: () => {
      form.reset();
      setOutcome({ ok: true });
    },
    onError: (error) => setOutcome({ ok: false, text: failureText(error.failure) }),
  });

  usePageTitle('Forget Password');

  const submit = form.onSubmit(({ username, email }) => {
    setOutcome(null);
    request.mutate({ body: { username: username.trim(), email: email.trim() } });
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
        <Button type="submit" fullWidth loading={request.isPending} size="md">
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

/** Its requests go through the query cache, which the login page does without. */
export default function ForgetPasswordPage() {
  return (
    <WithQueryCache>
      <ForgetPasswordPageForm />
    </WithQueryCache>
  );
}
