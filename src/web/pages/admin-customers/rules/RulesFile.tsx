import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { downloadRoute } from '../../../api/client';
import { useRouteMutation } from '../../../api/queries';
import { DownloadButtons } from '../../admin-billing/DownloadButtons';
import { FileImport, useFileImport } from '../file-import';

/**
 * A customer's rules as a file (issue 27; docs/integrations.md "Inspection rules"): the import is all
 * or nothing (a refused file lists every bad cell by line and column, nothing of it is saved), the
 * export writes the import's columns.
 */
export function RulesFile({ customerId }: { customerId: number }) {
  const { t } = useLingui();
  const file = useFileImport();
  const upload = useRouteMutation('importInspectionRules', {
    invalidates: ['listInspectionRules', 'auditTrail'],
    quiet: true,
    onSuccess: (a) => {
      file.imported();
      notifications.show({ color: 'green', title: t`Rules imported`, message: t`${a.created} added, ${a.updated} replaced` });
    },
    onError: file.refused,
  });

  return (
    <Stack gap="sm">
      <Title order={5}>
        <Trans>Import rules</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>One row per rule, with the export's columns. A rule of the same kind and value replaces the stored one.</Trans>
      </Text>
      <FileImport
        state={file}
        onSend={(body) => upload.mutate({ params: { id: customerId }, body })}
        pending={upload.isPending}
        action={<Trans>Import</Trans>}
        inputStyle={{ style: { flex: '1 1 16rem', maxWidth: 360 } }}
        problems={{
          title: t`The file was not imported: nothing of it was saved`,
          hint: <Trans>Correct these cells and import the whole file again.</Trans>,
          testId: 'rules-import-problems',
        }}
      />
      <Title order={5}>
        <Trans>Export rules</Trans>
      </Title>
      <Group gap="xs">
        <DownloadButtons
          icon={<IconDownload size={16} />}
          fetch={(format) => downloadRoute('exportInspectionRules', { query: { format }, params: { id: customerId } })}
        />
      </Group>
    </Stack>
  );
}
