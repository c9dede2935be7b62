import { useLingui } from '@lingui/react/macro';
import { Center, Loader } from '@mantine/core';

/** Shown while a lazily loaded screen arrives. */
export function PageLoader() {
  const { t } = useLingui();
  return (
    <Center py={80} data-page-loader>
      <Loader size="md" type="dots" aria-label={t`Loading`} />
    </Center>
  );
}
