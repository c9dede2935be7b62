import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { WEBHOOK_EVENT_TYPES, webhookEndpointBody, type WebhookEndpointWithSecret } from '../../../../contract/webhooks';
import { useRouteMutation } from '../../../api/queries';
import { schemaValidate, setServerErrors } from '../../../lib/form';

interface Values {
  url: string;
  event_types: string[];
  description: string;
}

/** Registers a webhook endpoint of a customer; the answer carries its signing secret, shown once by the caller. */
export function WebhookForm({ customerId, onCreated }: { customerId: number; onCreated: (e: WebhookEndpointWithSecret) => void }) {
  const { t } = useLingui();
  const form = useForm<Values>({
    initialValues: { url: 'https://', event_types: ['return.received'], description: '' },
    validate: schemaValidate(webhookEndpointBody),
  });
  const create = useRouteMutation('createWebhook', {
    invalidates: ['listWebhooks'],
    quiet: true,
    toInput: (v: Values) => ({
      params: { id: customerId },
      body: { url: v.url.trim(), event_types: v.event_types as never, active: true, description: v.description.trim() || null },
    }),
    onSuccess: (e) => {
      form.reset();
      onCreated(e);
    },
    onError: (error) => setServerErrors(form, error),
  });
  return (
    <form onSubmit={form.onSubmit((v) => create.mutate(v))} noValidate>
      <Stack gap="sm">
        <TextInput label={t`Receiver URL`} required inputMode="url" {...form.getInputProps('url')} />
        <Checkbox.Group label={t`Event types`} required {...form.getInputProps('event_types')}>
          <Group gap="md" mt={6}>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={type} />
            ))}
          </Group>
        </Checkbox.Group>
        <TextInput label={t`Description`} {...form.getInputProps('description')} />
        <Group>
          <Button type="submit" leftSection={<IconPlus size={16} />} loading={create.isPending}>
            <Trans>Add Endpoint</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
