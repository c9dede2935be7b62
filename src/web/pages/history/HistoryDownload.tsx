// History download (issue 12): the current filter, every page, as CSV or XLSX, streamed by the
// server and read here chunk by chunk with a progress bar (rows for CSV; bytes against an estimate
// for XLSX, whose rows cannot be counted before it is unzipped).
import '@mantine/core/styles/Progress.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Progress, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { downloadRoute, type DownloadProgress } from '../../api/client';
import { currentLocale } from '../../i18n/language';
import { formatNumber } from '../../lib/format';
import { saveFile } from '../../lib/save-file';

/** Measured XLSX size per row of the history download (bench/dashboard.results.md). */
const XLSX_BYTES_PER_ROW = 75;

function percent(format: 'csv' | 'xlsx', p: DownloadProgress): number {
  if (!p.totalRows) return 0;
  const done = format === 'csv' ? Math.max(0, p.lines - 1) / p.totalRows : p.bytes / (p.totalRows * XLSX_BYTES_PER_ROW);
  return Math.min(99, Math.round(done * 100));
}

/** Megabytes with one decimal in the reader's language ('2.5' in English, '2,5' in German). */
const megabytes = (bytes: number) =>
  new Intl.NumberFormat(currentLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }).format(
    bytes / 1_048_576,
  );

export function HistoryDownload({ query, total }: { query: Record<string, string | number>; total: number }) {
  const [running, setRunning] = useState<{ format: 'csv' | 'xlsx'; progress: DownloadProgress } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const { t } = useLingui();

  async function start(format: 'csv' | 'xlsx') {
    const controller = new AbortController();
    abort.current = controller;
    const { page: _page, ...filter } = query;
    setRunning({ format, progress: { bytes: 0, lines: 0, totalRows: total } });
    const file = await downloadRoute(
      'downloadReturns',
      { query: { ...filter, format } },
      { signal: controller.signal, onProgress: (progress) => setRunning({ format, progress }) },
    );
    setRunning(null);
    abort.current = null;
    if (file) saveFile(file.blob, file.fileName);
  }

  if (running) {
    const p = running.progress;
    const value = percent(running.format, p);
    const rows = running.format === 'csv' ? Math.max(0, p.lines - 1) : null;
    const done = formatNumber(rows ?? 0);
    const all = formatNumber(p.totalRows ?? 0);
    const size = megabytes(p.bytes);
    const format = running.format.toUpperCase();
    return (
      <Group gap="sm" wrap="nowrap" data-testid="history-download-progress">
        <div style={{ width: 220 }}>
          <Text size="xs" mb={4}>
            {rows !== null ? t`Downloading CSV: ${done} of ${all} rows` : t`Downloading XLSX: ${size} MB`}
          </Text>
          <Progress value={value} size="sm" aria-label={t`Download ${format}`} animated={value === 0} />
        </div>
        <Button size="xs" variant="default" onClick={() => abort.current?.abort()}>
          <Trans>Cancel</Trans>
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="xs">
      <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} onClick={() => void start('csv')} disabled={total === 0}>
        <Trans>Download CSV</Trans>
      </Button>
      <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} onClick={() => void start('xlsx')} disabled={total === 0}>
        <Trans>Download XLSX</Trans>
      </Button>
    </Group>
  );
}
