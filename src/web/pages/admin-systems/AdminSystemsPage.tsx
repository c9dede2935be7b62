import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { SETTING_KEYS, type SettingKey } from '../../../contract/constants';
import type { SettingView } from '../../../contract/settings';
import { routeKey, useRouteMutation, useRouteQuery } from '../../api/queries';
import { AdminOnly } from '../../components/AdminOnly';

const HINTS: Partial<Record<SettingKey, string>> = {
  BIZTALK_FTP_PASSWORD: 'Write-only: the stored password is never shown. Type a new one to replace it.',
  BIZTALK_MESSAGE_ID_COUNTER: 'The last BizTalk message id used; the next file gets the following number.',
  H2O_CUSTOMER_ID: 'A matching customer ID overrides the outbound directory with the one below.',
  H2O_UPLOAD_DIR: 'Use a default return directory or your own.',
};

type Signal = 'saving' | 'saved' | 'failed' | undefined;

function SettingField({ setting, onSaved }: { setting: SettingView; onSaved: (s: SettingView) => void }) {
  const [value, setValue] = useState(setting.setting_value);
  const [signal, setSignal] = useState<Signal>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const saveSetting = useRouteMutation('saveSetting', {
    onSuccess: (saved) => {
      onSaved(saved);
      setValue(saved.setting_value);
      setSignal('saved');
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

  const right =
    signal === 'saving' ? (
      <Loader size="xs" />
    ) : signal === 'saved' ? (
      <IconCheck size={18} color="var(--mantine-color-green-7)" aria-label="saved" />
    ) : signal === 'failed' ? (
      <IconX size={18} color="var(--mantine-color-red-7)" aria-label="failed" />
    ) : undefined;
  const common = {
    label: setting.setting_key,
    description: HINTS[setting.setting_key],
    value,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValue(e.currentTarget.value),
    onBlur: save,
    'data-signal': signal ?? '',
  };
  if (setting.is_secret) {
    return (
      <Stack gap={2}>
        <PasswordInput
          {...common}
          autoComplete="new-password"
          placeholder={setting.has_value ? 'set — type to replace' : 'not set'}
          rightSection={right}
        />
        <Text size="xs" c={setting.has_value ? 'green.8' : 'dimmed'} data-testid="ftp-password-state">
          {setting.has_value ? 'A password is set.' : 'No password is set.'}
        </Text>
      </Stack>
    );
  }
  return <TextInput {...common} rightSection={right} />;
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
      <Title order={2}>System Settings</Title>
      <Text size="sm" c="dimmed">
        Each field is saved when it loses focus, if it is not empty and was changed.
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
  return (
    <AdminOnly>
      <SystemsScreen />
    </AdminOnly>
  );
}
