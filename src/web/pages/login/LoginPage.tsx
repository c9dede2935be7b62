import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconExclamationCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { loginBody } from '../../../contract/auth';
import { MSG } from '../../../contract/messages';
import { useSession } from '../../auth/session';
import { schemaValidate } from '../../lib/form';
import { AuthHeading } from '../auth-heading';
import { usePageTitle } from '../../lib/page-title';

/** SPEC §2.3. */
export default function LoginPage() {
  const { login } = useSession();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '', password: '' },
    validate: schemaValidate(loginBody),
  });

  usePageTitle('Login');

  const submit = form.onSubmit(async ({ username, password }) => {
    setLoading(true);
    setFailed(false);
    const code = await login(username.trim(), password);
    setLoading(false);
    if (code === 200) navigate('/', { replace: true });
    else {
      setFailed(true);
      form.setFieldValue('password', '');
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <AuthHeading title="Sign in" subtitle="Log in with your Returns Desk account." />
      <Stack gap="md">
        {failed && (
          <Alert color="red" variant="light" icon={<IconExclamationCircle size={18} />} py="xs" role="alert">
            {MSG.loginFailed}
          </Alert>
        )}
        <TextInput label="Username" autoComplete="username" autoFocus key={form.key('username')} {...form.getInputProps('username')} />
        <PasswordInput label="Password" autoComplete="current-password" key={form.key('password')} {...form.getInputProps('password')} />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to="/auth/forget-password" size="sm">
            Forget Password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={loading} size="md">
          Login
        </Button>
      </Stack>
    </form>
  );
}
