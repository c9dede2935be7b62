import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, ScrollArea, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileUpload } from '@tabler/icons-react';
import { isApiError, useRouteMutation } from '../../../api/queries';

/** An XLSX file as base64 (the route takes a workbook so), a CSV file as its text. */
export async function contentOf(file: File): Promise<{ format: 'csv' | 'xlsx'; content: string }> {
  if (/\.xlsx$/i.test(file.name)) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { format: 'xlsx', content: btoa(binary) };
  }
  return { format: 'csv', content: await file.text() };
}

/**
 * Upload of expected returns (CSV or XLSX, one row per item; docs/integrations.md). All or nothing:
 * a refused file lists every problem by line and column, and nothing of it was written.
 */
export function ExpectedUpload({ customerId }: { customerId: number }) {
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const upload = useRouteMutation('importExpectedReturns', {
    invalidates: ['listExpectedReturns'],
    quiet: true,
    onSuccess: (a) => {
      setProblems([]);
      setFile(null);
      notifications.show({ color: 'green', title: t`Expected returns uploaded`, message: a.rmas.slice(0, 10).join(', ') });
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
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs">
        <FileInput
          label={t`CSV or XLSX file`}
          description={t`Columns: rma, tracking_number, order_reference, sku, upc, quantity, reason`}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={(f) => {
            setFile(f);
            setProblems([]);
          }}
          clearable
          clearButtonProps={{ 'aria-label': t`Clear the file` }}
          w={360}
          leftSection={<IconFileUpload size={16} />}
        />
        <Button onClick={() => void send()} disabled={!file} loading={upload.isPending}>
          <Trans>Upload</Trans>
        </Button>
      </Group>
      {problems.length > 0 && (
        <Alert color="red" title={t`The file was not uploaded: nothing of it was saved`} data-testid="upload-problems">
          <Text size="sm" mb={4}>
            <Trans>Correct these rows and upload the whole file again.</Trans>
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
    </Stack>
  );
}
