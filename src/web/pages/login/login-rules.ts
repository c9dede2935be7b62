// The login form's rules: the contract's schema, as the server checks it. Loaded apart from the
// page (zod and @mantine/form are ≈ 32 kB gzip, a quarter of the login page): prefetched once the
// page is idle, awaited by the first submit.
import { loginBody } from '../../../contract/auth';
import { schemaValidate } from '../../lib/form';

export const validateLogin = schemaValidate<{ username: string; password: string }>(loginBody);
