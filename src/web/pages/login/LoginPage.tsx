import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconExclamationCircle } from '@tabler/icons-react';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { MSG } from '../../../contract/messages';
import { messageText } from '../../i18n/server-text';
import { useSession } from '../../auth/session';
import { requestIdle } from '../../lib/idle';
import { usePageTitle } from '../../lib/page-title';
import { AuthHeading } from '../auth-heading';

type Field = 'username' | 'password';
type Values = Record<Field, string>;

const loadRules = () => import('./login-rules');

/** SPEC §2.3. */
export default function LoginPage() {
  const { login } = useSession();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // A locked login (429) says when it may be tried again (issue 28), beside 'Login failed'.
  const [retryAt, setRetryAt] = useState<Date | null>(null);

  const { t, i18n } = useLingui();
  usePageTitle(t`Login`);
  const retryAfterText = (at: Date) => {
    const time = i18n.date(at, { hour: '2-digit', minute: '2-digit' });
    return t`Too many failed attempts: try again at ${time}.`;
  };
  // The rules (zod and the contract's schemas: ≈ 70 ms of evaluation at 1× CPU, 300 ms on a slow phone)
  // stay off the page's load: asked for in an idle moment after the first key typed, so they arrive
  // before anyone can submit without blocking the page as it starts (issue 23: the login's TBT).
  const [typed, setTyped] = useState(false);
  useEffect(() => (typed ? requestIdle(() => void loadRules()) : undefined), [typed]);

  // As a form library would: typing in a field clears that field's message.
  const field = (name: Field) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setTyped(true);
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setLoading(true);
    const found = (await loadRules()).validateLogin(values) as Partial<Values>;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setLoading(false);
      return;
    }
    setFailed(false);
    const { code, retryAfter } = await login(values.username.trim(), values.password);
    setLoading(false);
    if (code === 200) navigate('/', { replace: true });
    else {
      setFailed(true);
      setRetryAt(retryAfter === undefined ? null : new Date(Date.now() + retryAfter * 1000));
      setValues((current) => ({ ...current, password: '' }));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <AuthHeading title={t`Sign in`} subtitle={t`Log in with your Returns Desk account.`} />
      <Stack gap="md">
        {failed && (
          <Alert color="red" variant="light" icon={<IconExclamationCircle size={18} />} py="xs" role="alert">
            {messageText('auth.loginFailed', MSG.loginFailed)}
            {retryAt && (
              <Text size="sm" mt={4} data-testid="login-retry">
                {retryAfterText(retryAt)}
              </Text>
            )}
          </Alert>
        )}
        <TextInput label={t`Username`} autoComplete="username" autoFocus {...field('username')} />
        <PasswordInput label={t`Password`} autoComplete="current-password" {...field('password')} />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to="/auth/forget-password" size="sm">
            <Trans>Forget Password?</Trans>
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={loading} size="md">
          <Trans>Login</Trans>
        </Button>
      </Stack>
    </form>
  );
}
