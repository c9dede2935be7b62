// What the two password pages (forget-password, SPEC §2.4; reset-password, §2.5) show alike: the
// outcome of their one request above the form, and the way back to the login page.
import { Trans } from '@lingui/react/macro';
import { Alert, Anchor, Center } from '@mantine/core';
import { IconArrowLeft, IconExclamationCircle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { failureText } from '../api/client';
import type { ApiError } from '../api/queries';

type Outcome = { ok: true } | { ok: false; text: string } | null;

/** The request's outcome, and the mutation callbacks that set it (a success also empties the form). */
export function useRequestOutcome(resetForm: () => void) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  return {
    outcome,
    clear: () => setOutcome(null),
    callbacks: {
      onSuccess: () => {
        resetForm();
        setOutcome({ ok: true });
      },
      onError: (error: ApiError) => setOutcome({ ok: false, text: failureText(error.failure) }),
    },
  };
}

/** The green notice on success (its own icon and text), the red one with the server's message on failure. */
export function OutcomeAlert({ outcome, successIcon, successText }: { outcome: Outcome; successIcon: ReactNode; successText: string }) {
  if (!outcome) return null;
  return outcome.ok ? (
    <Alert color="green" variant="light" icon={successIcon} role="status">
      {successText}
    </Alert>
  ) : (
    <Alert color="red" variant="light" icon={<IconExclamationCircle size={18} />} role="alert">
      {outcome.text}
    </Alert>
  );
}

export function BackToLogin() {
  return (
    <Center>
      <Anchor component={Link} to="/auth/login" size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
        <Trans>Back to login</Trans>
      </Anchor>
    </Center>
  );
}
