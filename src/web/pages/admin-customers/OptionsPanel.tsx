import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { MSG } from '../../../contract/messages';
import type { AdminCustomer, OptionView } from '../../../contract/customers';
import { api } from '../../api/client';

/** Reasons of one customer (SPEC §2.12 options drawer): list, add, edit, delete. Type is Reason only. */
export function OptionsPanel({ customer, onChanged }: { customer: AdminCustomer; onChanged: (options: OptionView[]) => void }) {
  const [editing, setEditing] = useState<OptionView | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm({
    initialValues: { option_code: '', option_value: '' },
    validate: {
      option_code: (v) => (v.trim() ? null : MSG.codeRequired),
      option_value: (v) => (v.trim() ? null : MSG.valueRequired),
    },
  });
  const options = customer.options;

  function startEdit(o: OptionView | null) {
    setEditing(o);
    form.setValues({ option_code: o?.option_code ?? '', option_value: o?.option_value ?? '' });
    form.clearErrors();
  }

  async function submit(values: { option_code: string; option_value: string }) {
    setSaving(true);
    const body = { option_type: 'Reason', ...values };
    const base = `/su/customers/${customer.id}/options`;
    const res = editing ? await api.put<OptionView>(`${base}/${editing.id}`, body) : await api.post<OptionView>(base, body);
    setSaving(false);
    if (res.code === 200) {
      onChanged(editing ? options.map((o) => (o.id === res.message.id ? res.message : o)) : [...options, res.message]);
      startEdit(null);
    } else if (res.code === 422 && res.errors) {
      form.setErrors(Object.fromEntries(Object.entries(res.errors).map(([k, v]) => [k, v.join(' ')])));
    }
  }

  async function remove(o: OptionView) {
    if (!window.confirm(`Delete the reason ${o.option_code}?`)) return;
    const res = await api.delete(`/su/customers/${customer.id}/options/${o.id}`);
    if (res.code === 200) {
      onChanged(options.filter((x) => x.id !== o.id));
      if (editing?.id === o.id) startEdit(null);
    }
  }

  return (
    <Stack>
      <Table withTableBorder striped data-testid="options-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Type</Table.Th>
            <Table.Th>Code</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th w={90}>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {options.map((o) => (
            <Table.Tr key={o.id} bg={editing?.id === o.id ? 'blue.0' : undefined}>
              <Table.Td>{o.option_type}</Table.Td>
              <Table.Td>{o.option_code}</Table.Td>
              <Table.Td>{o.option_value}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={`Edit reason ${o.option_code}`} onClick={() => startEdit(o)}>
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={`Delete reason ${o.option_code}`} onClick={() => void remove(o)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {options.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed" ta="center" size="sm">
                  No Reasons
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>

      <Title order={5}>{editing ? `Edit reason ${editing.option_code}` : 'Add a reason'}</Title>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          <TextInput label="Code" withAsterisk {...form.getInputProps('option_code')} />
          <TextInput label="Value" withAsterisk {...form.getInputProps('option_value')} />
          <Group justify="flex-end">
            {editing && (
              <Button variant="default" onClick={() => startEdit(null)}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={saving}>
              {editing ? 'Save Reason' : 'Add Reason'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
