import { useLingui } from '@lingui/react/macro';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { Alert, Button, FileInput, Group, List, ScrollArea, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { isApiError } from '../../api/queries';

/** An XLSX file as base64 (the import routes take a workbook so), a CSV file as its text. */
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
 * The chosen file of an all-or-nothing import and why the server refused it: `imported` and `refused`
 * go to the import mutation's onSuccess / onError.
 */
export function useFileImport() {
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  return {
    file,
    problems,
    choose(f: File | null) {
      setFile(f);
      setProblems([]);
    },
    imported() {
      setProblems([]);
      setFile(null);
    },
    /** Every bad cell the 422 names (by line and column), else the error's message. */
    refused(e: Error) {
      const errors = isApiError(e) ? e.failure.errors : undefined;
      const list = errors ? Object.values(errors).flat() : [];
      setProblems(list.length ? list : [e.message]);
    },
  };
}

/** A CSV or XLSX file to import, its button, and the refused file's problems (the expected returns' and the inspection rules' imports). */
export function FileImport({
  state,
  onSend,
  pending,
  action,
  description,
  inputStyle,
  problems,
}: {
  state: ReturnType<typeof useFileImport>;
  onSend: (content: Awaited<ReturnType<typeof contentOf>>) => void;
  pending: boolean;
  /** The button's text. */
  action: ReactNode;
  description?: string;
  inputStyle: { w?: number; style?: CSSProperties };
  problems: { title: string; hint: ReactNode; testId: string };
}) {
  const { t } = useLingui();
  const send = async () => {
    if (state.file) onSend(await contentOf(state.file));
  };
  return (
    <>
      <Group align="flex-end" gap="xs">
        <FileInput
          label={t`CSV or XLSX file`}
          description={description}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={state.file}
          onChange={state.choose}
          clearable
          clearButtonProps={{ 'aria-label': t`Clear the file` }}
          {...inputStyle}
          leftSection={<IconFileUpload size={16} />}
        />
        <Button onClick={() => void send()} disabled={!state.file} loading={pending}>
          {action}
        </Button>
      </Group>
      {state.problems.length > 0 && (
        <Alert color="red" title={problems.title} data-testid={problems.testId}>
          <Text size="sm" mb={4}>
            {problems.hint}
          </Text>
          <ScrollArea.Autosize mah={200}>
            <List size="sm">
              {state.problems.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        </Alert>
      )}
    </>
  );
}
