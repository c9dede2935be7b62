import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { forgetPasswordBody } from '../../../contract/auth';
import { MSG } from '../../../contract/messages';
import { WithQueryCache } from '../../api/QueryCache';
import { useRouteMutation } from '../../api/queries';
import { messageText } from '../../i18n/server-text';
import { schemaValidate } from '../../lib/form';
import { AuthHeading } from '../auth-heading';
import { usePageTitle } from '../../lib/page-title';
import { BackToLogin, OutcomeAlert, useRequestOutcome } from '../password-form';

/** SPEC §2.4. */
function ForgetPasswordPageForm() {
  const { t } = useLingui();
  const form = useForm({ mode: 'controlled', initialValues: { username: '', email: '' }, validate: schemaValidate(forgetPasswordBody) });
  const { outcome, clear, callbacks } = useRequestOutcome(form.reset);
  const request = useRouteMutation('forgetPassword', callbacks);

  usePageTitle(t`Forget Password`);

  const submit = form.onSubmit(({ username, email }) => {
    clear();
    request.mutate({ body: { username: username.trim(), email: email.trim() } });
  });

  return (
    <form onSubmit={submit} noValidate>
      <AuthHeading
        title={t`Forget Password`}
        subtitle={t`Enter your username and e-mail address; we will send you a link to choose a new password.`}
      />
      <Stack gap="md">
        <OutcomeAlert
          outcome={outcome}
          successIcon={<IconMailCheck size={18} />}
          successText={messageText('auth.checkEmail', MSG.checkEmail)}
        />
        <TextInput label={t`Username`} autoComplete="username" autoFocus key={form.key('username')} {...form.getInputProps('username')} />
        <TextInput label={t`Email`} type="email" autoComplete="email" key={form.key('email')} {...form.getInputProps('email')} />
        <Button type="submit" fullWidth loading={request.isPending} size="md">
          <Trans>Reset</Trans>
        </Button>
        <BackToLogin />
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
