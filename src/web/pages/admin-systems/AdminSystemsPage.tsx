import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button, Group, Loader, PasswordInput, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconEraser, IconX } from '@tabler/icons-react';
import { SETTING_KEYS, type SettingKey } from '../../../contract/constants';
import type { SettingView } from '../../../contract/settings';
import { routeKey, useRouteMutation, useRouteQuery } from '../../api/queries';
import { AdminOnly } from '../../components/AdminOnly';

const HINTS: Partial<Record<SettingKey, MessageDescriptor>> = {
  BIZTALK_FTP_PASSWORD: msg`Write-only: the stored password is never shown. Type a new one to replace it.`,
  BIZTALK_MESSAGE_ID_COUNTER: msg`The last BizTalk message id used; the next file gets the following number.`,
  H2O_CUSTOMER_ID: msg`A matching customer ID overrides the outbound directory with the one below.`,
  H2O_UPLOAD_DIR: msg`Use a default return directory or your own.`,
};

type Signal = 'saving' | 'saved' | 'failed' | undefined;

function SettingField({ setting, onSaved }: { setting: SettingView; onSaved: (s: SettingView) => void }) {
  const [value, setValue] = useState(setting.setting_value);
  const [signal, setSignal] = useState<Signal>();
  const { t } = useLingui();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const saveSetting = useRouteMutation('saveSetting', {
    onSuccess: (saved) => {
      onSaved(saved);
      setValue(saved.setting_value);
      setSignal('saved');
      // The field's check mark alone went unnoticed (issue 28): a save is confirmed like a clear is.
      notifications.show({ color: 'green', title: t`Setting saved`, message: saved.setting_key });
    },
    onError: () => setSignal('failed'),
    onSettled: () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setSignal(undefined), 2500);
    },
  });

  function save() {
    // SPEC §2.13: saved on blur only when non-empty and changed (a secret: whenever something was typed).
    const changed = setting.is_secret ? value !== '' : value.trim() !== setting.setting_value;
    if (!value.trim() || !changed) return;
    setSignal('saving');
    saveSetting.mutate({ body: { setting_key: setting.setting_key, setting_value: value } });
  }

  // A blur never saves an empty field (SPEC §2.13), so a wrong value is cleared by this explicit action.
  const clearSetting = useRouteMutation('clearSetting', {
    onSuccess: (cleared) => {
      onSaved(cleared);
      setValue('');
      setSignal('saved');
      notifications.show({ color: 'green', title: t`Setting cleared`, message: cleared.setting_key });
    },
    onError: () => setSignal('failed'),
    onSettled: () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setSignal(undefined), 2500);
    },
  });
  function clear() {
    setSignal('saving');
    clearSetting.mutate({ params: { setting_key: setting.setting_key } });
  }
  const clearable = setting.has_value && setting.setting_key !== 'BIZTALK_MESSAGE_ID_COUNTER';
  const clearButton = (
    // flex none: the field beside it gives way, Clear keeps its whole word (a longer language at 360 px).
    <Button variant="subtle" color="red" size="sm" flex="none" leftSection={<IconEraser size={16} />} onClick={clear} disabled={!clearable}>
      {/* Named by its content, "Clear KEY", so the field's own label stays the only label for KEY. */}
      <Trans>
        Clear<VisuallyHidden> {setting.setting_key}</VisuallyHidden>
      </Trans>
    </Button>
  );

  const right =
    signal === 'saving' ? (
      <Loader size="xs" />
    ) : signal === 'saved' ? (
      <IconCheck size={18} color="var(--mantine-color-green-7)" aria-label={t`saved`} />
    ) : signal === 'failed' ? (
      <IconX size={18} color="var(--mantine-color-red-7)" aria-label={t`failed`} />
    ) : undefined;
  const hint = HINTS[setting.setting_key];
  const common = {
    label: setting.setting_key,
    description: hint && t(hint),
    value,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValue(e.currentTarget.value),
    onBlur: save,
    'data-signal': signal ?? '',
  };
  if (setting.is_secret) {
    return (
      <Stack gap={2}>
        {/* On a handheld the clear button goes below the field rather than squeezing it: 300 px keep a longer
            language's placeholder whole beside the show-password toggle. */}
        <Group align="flex-end" gap="xs">
          <Box style={{ flex: '1 1 300px' }}>
            <PasswordInput
              {...common}
              autoComplete="new-password"
              placeholder={setting.has_value ? t`set — type to replace` : t`not set`}
              rightSection={right}
            />
          </Box>
          {clearButton}
        </Group>
        <Text size="xs" c={setting.has_value ? 'green' : 'dimmed'} data-testid="ftp-password-state">
          {setting.has_value ? t`A password is set.` : t`No password is set.`}
        </Text>
      </Stack>
    );
  }
  if (setting.setting_key === 'BIZTALK_MESSAGE_ID_COUNTER') return <TextInput {...common} rightSection={right} />;
  return (
    <Group align="flex-end" gap="xs">
      <Box style={{ flex: '1 1 300px' }}>
        <TextInput {...common} rightSection={right} />
      </Box>
      {clearButton}
    </Group>
  );
}

function SystemsScreen() {
  const client = useQueryClient();
  const query = useRouteQuery('listSettings', {});
  // SPEC §4: a failed read shows an empty list.
  const settings = query.isPending ? null : (query.data ?? []);
  // A saved field updates the cached list in place; the other fields keep what is being typed.
  const replace = (s: SettingView) =>
    client.setQueryData(routeKey('listSettings', {}), (list: SettingView[] | undefined) =>
      list?.map((x) => (x.setting_key === s.setting_key ? s : x)),
    );

  const byKey = new Map(settings?.map((s) => [s.setting_key, s]));
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        <Trans>System Settings</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>Each field is saved when it loses focus, if it is not empty and was changed.</Trans>
      </Text>
      {settings === null ? (
        <Loader size="sm" />
      ) : (
        SETTING_KEYS.filter((k) => byKey.has(k)).map((k) => <SettingField key={k} setting={byKey.get(k)!} onSaved={replace} />)
      )}
    </Stack>
  );
}

export default function AdminSystemsPage() {
  const { t } = useLingui();
  return (
    <AdminOnly title={t`System Settings`}>
      <SystemsScreen />
    </AdminOnly>
  );
}
