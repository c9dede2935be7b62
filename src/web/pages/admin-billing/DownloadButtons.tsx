import { Trans } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { DownloadedFile } from '../../api/client';
import { saveFile } from '../../lib/save-file';

type Format = 'csv' | 'xlsx';

/**
 * "Download CSV" and "Download XLSX", each busy while its file comes, then saved. Shared by the
 * admin's and the brand's billing and the inspection rules' export (their texts are the admin area's).
 */
export function DownloadButtons({ fetch, icon }: { fetch: (format: Format) => Promise<DownloadedFile | null>; icon?: ReactNode }) {
  const [downloading, setDownloading] = useState<Format | null>(null);
  async function download(format: Format) {
    setDownloading(format);
    const file = await fetch(format);
    setDownloading(null);
    if (file) saveFile(file.blob, file.fileName);
  }
  return (
    <>
      <Button variant="light" leftSection={icon} loading={downloading === 'csv'} onClick={() => void download('csv')}>
        <Trans>Download CSV</Trans>
      </Button>
      <Button variant="light" leftSection={icon} loading={downloading === 'xlsx'} onClick={() => void download('xlsx')}>
        <Trans>Download XLSX</Trans>
      </Button>
    </>
  );
}
