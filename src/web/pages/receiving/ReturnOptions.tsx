import { Group, Paper, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { DraftField, ReturnDraft } from './draft-reducer';

/** 'Return Option' inputs: each edit sets that one field of the draft. */
export function ReturnOptions({ draft, onField }: { draft: ReturnDraft; onField: (field: DraftField, value: string) => void }) {
  return (
    <Paper withBorder p="sm">
      <Title order={5} mb="xs">
        Return Option
      </Title>
      <Group grow align="flex-start">
        <TextInput
          label="Reference 1"
          maxLength={100}
          value={draft.reference_1}
          onChange={(e) => onField('reference_1', e.currentTarget.value)}
        />
        <TextInput
          label="Reference 2"
          maxLength={100}
          value={draft.reference_2}
          onChange={(e) => onField('reference_2', e.currentTarget.value)}
        />
        <DateInput
          label="Receiving Date"
          valueFormat="MMM DD, YYYY"
          value={draft.return_date}
          onChange={(v) => v && onField('return_date', v)}
        />
      </Group>
    </Paper>
  );
}
