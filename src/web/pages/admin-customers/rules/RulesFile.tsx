import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileUpload } from '@tabler/icons-react';
import { downloadRoute } from '../../../api/client';
import { isApiError, useRouteMutation } from '../../../api/queries';
import { saveFile } from '../../../lib/save-file';
import { contentOf } from '../integrations/ExpectedUpload';

/**
 * A customer's rules as a file (issue 27; docs/integrations.md "Inspection rules"): the import is all
 * or nothing (a refused file lists every bad cell by line and column, nothing of it is saved), the
 * export writes the import's columns.
 */
export function RulesFile({ customerId }: { customerId: number }) {
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [downloading, setDownloading] = useState<'csv' | 'xlsx' | null>(null);
  const upload = useRouteMutation('importInspectionRules', {
    invalidates: ['listInspectionRules', 'auditTrail'],
    quiet: true,
    onSuccess: (a) => {
      setProblems([]);
      setFile(null);
      notifications.show({ color: 'green', title: t`Rules imported`, message: t`${a.created} added, ${a.updated} replaced` });
    },
    onError: (e) => {
      const errors = isApiError(e) ? e.failure.errors : undefined;
      const list = errors ? Object.values(errors).flat() : [];
      setProblems(list.length ? list : [e.message]);
    },
  });
  const send = async () => {
    if (!file) return;
    upload.mutate({ params: { id: customerId }, body: await contentOf(file) });
  };
  async function download(format: 'csv' | 'xlsx') {
    setDownloading(format);
    const got = await downloadRoute('exportInspectionRules', { query: { format }, params: { id: customerId } });
    setDownloading(null);
    if (got) saveFile(got.blob, got.fileName);
  }

  return (
    <Stack gap="sm">
      <Title order={5}>
        <Trans>Import rules</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>One row per rule, with the export's columns. A rule of the same kind and value replaces the stored one.</Trans>
      </Text>
      <Group align="flex-end" gap="xs">
        <FileInput
          label={t`CSV or XLSX file`}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={(f) => {
            setFile(f);
            setProblems([]);
          }}
          clearable
          clearButtonProps={{ 'aria-label': t`Clear the file` }}
          style={{ flex: '1 1 16rem', maxWidth: 360 }}
          leftSection={<IconFileUpload size={16} />}
        />
        <Button onClick={() => void send()} disabled={!file} loading={upload.isPending}>
          <Trans>Import</Trans>
        </Button>
      </Group>
      {problems.length > 0 && (
        <Alert color="red" title={t`The file was not imported: nothing of it was saved`} data-testid="rules-import-problems">
          <Text size="sm" mb={4}>
            <Trans>Correct these cells and import the whole file again.</Trans>
          </Text>
          <ScrollArea.Autosize mah={200}>
            <List size="sm">
              {problems.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        </Alert>
      )}
      <Title order={5}>
        <Trans>Export rules</Trans>
      </Title>
      <Group gap="xs">
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          loading={downloading === 'csv'}
          onClick={() => void download('csv')}
        >
          <Trans>Download CSV</Trans>
        </Button>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          loading={downloading === 'xlsx'}
          onClick={() => void download('xlsx')}
        >
          <Trans>Download XLSX</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
