import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Checkbox, Group, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { BIZTALK_SCHEMAS, CONNECTION_TYPES, OUTBOUND_FORMATS, type ConnectionType, type OutboundFormat } from '../../../contract/constants';
import { connectionBody, type ConnectionView } from '../../../contract/customers';
import {
  formatVersionOf,
  OUTBOUND_FORMAT_VERSIONS,
  VERSIONED_CONNECTION_TYPES,
  type OutboundFormatVersion,
} from '../../../contract/format-version';
import { useRouteMutation } from '../../api/queries';
import { schemaValidate, setServerErrors } from '../../lib/form';

interface Values {
  connection_type: ConnectionType;
  biztalk_schema: (typeof BIZTALK_SCHEMAS)[number];
  biztalk_sender: string;
  biztalk_receiver: string;
  endpoint: string;
  username: string;
  secure_short_token: string;
  secure_long_token: string;
  clear_short_token: boolean;
  clear_long_token: boolean;
  format: OutboundFormat;
  format_version: string;
}

/**
 * The file format and the format version are fields of connection_meta: only an outbound connection
 * has a file format; outbound and SGL Ecom connections have a format version (docs/integrations.md).
 */
const FIELDS = { fields: { 'connection_meta.format': 'format', 'connection_meta.format_version': 'format_version' } };
const OWN_META = ['format', 'format_version'];
const versioned = (type: string) => (VERSIONED_CONNECTION_TYPES as readonly string[]).includes(type);
const VERSION_OPTIONS: { value: string; label: MessageDescriptor }[] = OUTBOUND_FORMAT_VERSIONS.map((v) => ({
  value: String(v),
  label: v === 1 ? msg`1 — original format` : msg`${v} — with dispositions, locations, discrepancies`,
}));

/** Whether a write-only secret is stored: the value itself never reaches the browser. */
function SecretState({ set, clearing, typed }: { set: boolean; clearing: boolean; typed: boolean }) {
  if (clearing)
    return (
      <Badge color="orange" variant="light">
        <Trans>will be cleared</Trans>
      </Badge>
    );
  if (typed)
    return (
      <Badge color="blue" variant="light">
        {set ? <Trans>will be replaced</Trans> : <Trans>will be set</Trans>}
      </Badge>
    );
  return (
    <Badge color={set ? 'green' : 'gray'} variant="light">
      {set ? <Trans>set</Trans> : <Trans>not set</Trans>}
    </Badge>
  );
}

/** The connection form of SPEC §2.12: secrets are write-only (blank keeps, a value replaces, Clear removes). */
export function ConnectionForm({
  customerId,
  connection,
  onSaved,
  onCancel,
}: {
  customerId: number;
  connection: ConnectionView | null;
  onSaved: (c: ConnectionView) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const meta = (connection?.connection_meta ?? {}) as { format?: OutboundFormat };
  // Other settings stored in connection_meta are kept as they are (the same schema checked them when saved).
  const toBody = ({ format, format_version, ...rest }: Values) => {
    const otherMeta = Object.fromEntries(
      Object.entries(connection?.connection_meta ?? {}).filter(([k]) => !OWN_META.includes(k)),
    ) as Record<string, string | number | boolean | null>;
    return {
      ...rest,
      connection_meta: {
        ...otherMeta,
        ...(rest.connection_type === 'Biztalk Outbound Return' ? { format } : {}),
        ...(versioned(rest.connection_type) ? { format_version: Number(format_version) as OutboundFormatVersion } : {}),
      },
    };
  };
  const form = useForm<Values>({
    initialValues: {
      connection_type: (connection?.connection_type ?? '') as ConnectionType,
      biztalk_schema: (connection?.biztalk_schema ?? BIZTALK_SCHEMAS[0]) as Values['biztalk_schema'],
      biztalk_sender: connection?.biztalk_sender ?? '',
      biztalk_receiver: connection?.biztalk_receiver ?? '',
      endpoint: connection?.endpoint ?? '',
      username: connection?.username ?? '',
      secure_short_token: '',
      secure_long_token: '',
      clear_short_token: false,
      clear_long_token: false,
      format: meta.format ?? 'XML',
      format_version: String(formatVersionOf(connection?.connection_meta)),
    },
    validate: schemaValidate(connectionBody, { ...FIELDS, toBody }),
  });
  const outbound = form.values.connection_type === 'Biztalk Outbound Return';
  const handlers = {
    invalidates: ['listCustomers', 'auditTrail'],
    onSuccess: onSaved,
    onError: (error: unknown) => setServerErrors(form, error, FIELDS),
  } as const;
  const create = useRouteMutation('createConnection', {
    ...handlers,
    toInput: (v: Values) => ({ params: { id: customerId }, body: toBody(v) }),
  });
  const update = useRouteMutation('updateConnection', {
    ...handlers,
    toInput: (v: Values) => ({ params: { id: customerId, connId: connection!.id }, body: toBody(v) }),
  });

  return (
    <form onSubmit={form.onSubmit((values) => (connection ? update : create).mutate(values))} noValidate data-testid="connection-form">
      <Stack gap="sm">
        <SimpleGrid cols={2}>
          <Select
            label={t`Connection Type`}
            withAsterisk
            data={[...CONNECTION_TYPES]}
            allowDeselect={false}
            {...form.getInputProps('connection_type')}
          />
          <Select label={t`Schema`} data={[...BIZTALK_SCHEMAS]} allowDeselect={false} {...form.getInputProps('biztalk_schema')} />
          <TextInput label={t({ message: 'Sender', context: 'BizTalk party' })} {...form.getInputProps('biztalk_sender')} />
          <TextInput label={t`Receiver`} {...form.getInputProps('biztalk_receiver')} />
          <TextInput label={t`Endpoint`} placeholder={t`ftp://host/dir or https://api.example.com`} {...form.getInputProps('endpoint')} />
          <TextInput label={t`Username`} autoComplete="off" {...form.getInputProps('username')} />
        </SimpleGrid>
        {(outbound || versioned(form.values.connection_type)) && (
          <SimpleGrid cols={2}>
            {outbound ? (
              <Select
                label={t`File format`}
                description={t`FLAT sends the fixed-width (FGL) file instead of XML.`}
                data={[...OUTBOUND_FORMATS]}
                allowDeselect={false}
                {...form.getInputProps('format')}
              />
            ) : (
              <div />
            )}
            <Select
              label={t`Format version`}
              description={t`1: the original format; 2 adds new elements.`}
              data={VERSION_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))}
              allowDeselect={false}
              {...form.getInputProps('format_version')}
            />
          </SimpleGrid>
        )}
        <SimpleGrid cols={2}>
          <Stack gap={4}>
            <Group gap="xs">
              <Text size="sm" fw={500}>
                <Trans>Password</Trans>
              </Text>
              <SecretState
                set={!!connection?.has_short_token}
                clearing={form.values.clear_short_token}
                typed={form.values.secure_short_token !== ''}
              />
            </Group>
            <PasswordInput
              aria-label={t`Password`}
              autoComplete="new-password"
              placeholder={connection?.has_short_token ? t`leave blank to keep` : t`not set`}
              disabled={form.values.clear_short_token}
              {...form.getInputProps('secure_short_token')}
            />
            {connection?.has_short_token && (
              <Checkbox size="xs" label={t`Clear the stored password`} {...form.getInputProps('clear_short_token', { type: 'checkbox' })} />
            )}
          </Stack>
          <Stack gap={4}>
            <Group gap="xs">
              <Text size="sm" fw={500}>
                <Trans>API Token</Trans>
              </Text>
              <SecretState
                set={!!connection?.has_long_token}
                clearing={form.values.clear_long_token}
                typed={form.values.secure_long_token !== ''}
              />
            </Group>
            <PasswordInput
              aria-label={t`API Token`}
              autoComplete="new-password"
              placeholder={connection?.has_long_token ? t`leave blank to keep` : t`not set`}
              disabled={form.values.clear_long_token}
              {...form.getInputProps('secure_long_token')}
            />
            {connection?.has_long_token && (
              <Checkbox size="xs" label={t`Clear the stored API token`} {...form.getInputProps('clear_long_token', { type: 'checkbox' })} />
            )}
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          <Trans>Secrets are stored encrypted and are never shown again.</Trans>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {connection ? t`Save Connection` : t`Add Connection`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
