import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Loader, Stack, Text, PasswordInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { resetPasswordForm } from '../../../contract/auth';
import { MSG } from '../../../contract/messages';
import { WithQueryCache } from '../../api/QueryCache';
import { useRouteMutation, useRouteQuery } from '../../api/queries';
import { messageText } from '../../i18n/server-text';
import { schemaValidate } from '../../lib/form';
import { AuthHeading } from '../auth-heading';
import { usePageTitle } from '../../lib/page-title';
import { BackToLogin, OutcomeAlert, useRequestOutcome } from '../password-form';

/** SPEC §2.5: check the link, then let the user choose a new password. */
function ResetPasswordPageForm() {
  const { t } = useLingui();
  const { username = '', token = '' } = useParams();
  // An invitation (issue 25) is the same link and the same routes; only the words welcome the user.
  const invited = useSearchParams()[0].get('invite') === '1';
  const form = useForm({
    mode: 'controlled',
    initialValues: { new_pass: '', new_pass_confirmed: '' },
    validate: schemaValidate(resetPasswordForm),
  });
  // The link is checked once per visit (it changes nothing); the answer is not read again later,
  // so the form stays while the user types, and after the new password is saved.
  const validity = useRouteQuery('validateResetToken', { body: { username, token } }, { staleTime: Infinity, retry: false });
  const check = validity.isPending ? 'checking' : validity.isSuccess ? 'valid' : 'expired';
  const { outcome, clear, callbacks } = useRequestOutcome(form.reset);
  const confirm = useRouteMutation('confirmPassword', callbacks);

  const title = invited ? t`Choose your password` : t`Reset Password`;
  usePageTitle(title);

  const submit = form.onSubmit(({ new_pass }) => {
    clear();
    confirm.mutate({ body: { username, token, new_pass } });
  });

  return (
    <div>
      <AuthHeading
        title={title}
        subtitle={
          check !== 'valid'
            ? undefined
            : invited
              ? t`Welcome! Choose the password of your account ${username}.`
              : t`Choose a new password for ${username}.`
        }
      />
      <Stack gap="md">
        {check === 'checking' && (
          <Stack align="center" gap="xs" py="lg" data-testid="reset-checking">
            <Loader size="md" />
            <Text size="sm" c="dimmed">
              <Trans>Checking your reset link…</Trans>
            </Text>
          </Stack>
        )}

        {check === 'expired' && (
          <Alert color="red" variant="light" title={t`Expired Link`} icon={<IconAlertTriangle size={20} />} role="alert">
            <Stack gap={6}>
              <Text size="sm">{messageText('auth.resetLinkExpired', MSG.resetLinkExpired)}</Text>
              <Anchor component={Link} to="/auth/forget-password" size="sm" fw={500}>
                <Trans>Request a new reset link</Trans>
              </Anchor>
            </Stack>
          </Alert>
        )}

        {check === 'valid' && (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <OutcomeAlert
                outcome={outcome}
                successIcon={<IconCircleCheck size={18} />}
                successText={messageText('auth.passwordUpdated', MSG.passwordUpdated)}
              />
              <PasswordInput
                label={t`Password`}
                autoComplete="new-password"
                autoFocus
                key={form.key('new_pass')}
                {...form.getInputProps('new_pass')}
              />
              <PasswordInput
                label={t`Confirm Password`}
                autoComplete="new-password"
                key={form.key('new_pass_confirmed')}
                {...form.getInputProps('new_pass_confirmed')}
              />
              <Button type="submit" fullWidth loading={confirm.isPending} size="md">
                {invited ? <Trans>Set password</Trans> : <Trans>Reset</Trans>}
              </Button>
            </Stack>
          </form>
        )}

        <BackToLogin />
      </Stack>
    </div>
  );
}

/** Its requests go through the query cache, which the login page does without. */
export default function ResetPasswordPage() {
  return (
    <WithQueryCache>
      <ResetPasswordPageForm />
    </WithQueryCache>
  );
}
