import { Trans } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';

/**
 * The footer of a drawer form that adds an entry or, after Edit, changes one (reasons, dispositions,
 * report schedules): Cancel while editing, and the submit button named for what it does.
 */
export function EditFormActions({
  editing,
  onCancel,
  loading,
  addLabel,
  saveLabel,
}: {
  editing: boolean;
  onCancel: () => void;
  loading: boolean;
  addLabel: string;
  saveLabel: string;
}) {
  return (
    <Group justify="flex-end">
      {editing && (
        <Button variant="default" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      )}
      <Button type="submit" loading={loading}>
        {editing ? saveLabel : addLabel}
      </Button>
    </Group>
  );
}
