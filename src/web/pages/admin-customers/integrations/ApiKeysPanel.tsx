import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { API_KEY_SCOPES, apiKeyBody, type ApiKeyView } from '../../../../contract/api-keys';
import { useRouteMutation, useRouteQuery } from '../../../api/queries';
import { EmptyRow } from '../../../components/table/EmptyRow';
import { formatDateTime } from '../../../lib/format';
import { schemaValidate, setServerErrors } from '../../../lib/form';
import { SCOPE_LABELS } from './integration-labels';
import { SecretOnce } from './SecretOnce';

interface Values {
  name: string;
  scopes: string[];
}

/** A customer's API keys (issue 26): make a named key (shown once), see when each was last used, revoke. */
export function ApiKeysPanel({ customerId }: { customerId: number }) {
  const { t, i18n } = useLingui();
  const query = useRouteQuery('listApiKeys', { params: { id: customerId } });
  const keys = query.data ?? [];
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);
  const form = useForm<Values>({ initialValues: { name: '', scopes: [...API_KEY_SCOPES] }, validate: schemaValidate(apiKeyBody) });
  const create = useRouteMutation('createApiKey', {
    invalidates: ['listApiKeys'],
    quiet: true,
    toInput: (v: Values) => ({ params: { id: customerId }, body: { name: v.name.trim(), scopes: v.scopes as never } }),
    onSuccess: (k) => {
      form.reset();
      setShown({ name: k.name, key: k.key });
    },
    onError: (error) => setServerErrors(form, error),
  });
  const revoke = useRouteMutation('revokeApiKey', {
    invalidates: ['listApiKeys'],
    toInput: (k: ApiKeyView) => ({ params: { id: k.id } }),
    onSuccess: (_m, k) => notifications.show({ color: 'green', title: t`API key revoked`, message: k.name }),
  });
  const scopeLabel = (s: string) => (SCOPE_LABELS[s] ? i18n._(SCOPE_LABELS[s]) : s);

  return (
    <Stack>
      <Table withTableBorder striped data-testid="api-keys-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Key</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Scopes</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Created</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Last used</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Action</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((k) => (
            <Table.Tr key={k.id}>
              <Table.Td>{k.name}</Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {k.prefix}…
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {k.scopes.map((s) => (
                    <Badge key={s} size="xs" variant="outline" tt="none">
                      {scopeLabel(s)}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="xs">{formatDateTime(k.created_at)}</Text>
                <Text size="xs" c="dimmed">
                  {k.created_by}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs">{k.last_used_at ? formatDateTime(k.last_used_at) : t`Never`}</Text>
              </Table.Td>
              <Table.Td>
                {k.revoked_at ? (
                  <Badge color="gray" variant="light">
                    {t`Revoked ${formatDateTime(k.revoked_at)}`}
                  </Badge>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    aria-label={t`Revoke the API key ${k.name}`}
                    onClick={() => {
                      if (window.confirm(t`Revoke the API key ${k.name}? Calls with it are refused at once.`)) revoke.mutate(k);
                    }}
                  >
                    <Trans>Revoke</Trans>
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
          {!query.isPending && keys.length === 0 && (
            <EmptyRow colSpan={6} size="sm">
              <Trans>No API keys.</Trans>
            </EmptyRow>
          )}
        </Table.Tbody>
      </Table>

      {shown && <SecretOnce title={t`API key ${shown.name}`} value={shown.key} onDone={() => setShown(null)} />}

      <form onSubmit={form.onSubmit((v) => create.mutate(v))} noValidate>
        <Stack gap="sm">
          <Title order={5}>
            <Trans>Make an API key</Trans>
          </Title>
          <TextInput label={t`Key name`} required {...form.getInputProps('name')} />
          <Checkbox.Group label={t`Scopes`} required {...form.getInputProps('scopes')}>
            <Group gap="md" mt={6}>
              {API_KEY_SCOPES.map((s) => (
                <Checkbox key={s} value={s} label={scopeLabel(s)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group>
            <Button type="submit" leftSection={<IconPlus size={16} />} loading={create.isPending}>
              <Trans>Make Key</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
