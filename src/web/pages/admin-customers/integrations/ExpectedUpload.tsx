import { Trans, useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouteMutation } from '../../../api/queries';
import { FileImport, useFileImport } from '../file-import';

/**
 * Upload of expected returns (CSV or XLSX, one row per item; docs/integrations.md). All or nothing:
 * a refused file lists every problem by line and column, and nothing of it was written.
 */
export function ExpectedUpload({ customerId }: { customerId: number }) {
  const { t } = useLingui();
  const file = useFileImport();
  const upload = useRouteMutation('importExpectedReturns', {
    invalidates: ['listExpectedReturns'],
    quiet: true,
    onSuccess: (a) => {
      file.imported();
      notifications.show({ color: 'green', title: t`Expected returns uploaded`, message: a.rmas.slice(0, 10).join(', ') });
    },
    onError: file.refused,
  });
  return (
    <Stack gap="xs">
      <FileImport
        state={file}
        onSend={(body) => upload.mutate({ params: { id: customerId }, body })}
        pending={upload.isPending}
        action={<Trans>Upload</Trans>}
        description={t`Columns: rma, tracking_number, order_reference, sku, upc, quantity, reason`}
        inputStyle={{ style: { width: '100%', maxWidth: 360 } }}
        problems={{
          title: t`The file was not uploaded: nothing of it was saved`,
          hint: <Trans>Correct these rows and upload the whole file again.</Trans>,
          testId: 'upload-problems',
        }}
      />
    </Stack>
  );
}
