import { Center, Loader } from '@mantine/core';

/** Shown while a lazily loaded screen arrives. */
export function PageLoader() {
  return (
    <Center py={80} data-page-loader>
      <Loader size="md" type="dots" aria-label="Loading" />
    </Center>
  );
}
