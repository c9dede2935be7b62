// Forms checked by the contract's zod schemas (zod implements Standard Schema, which Mantine's
// schemaResolver reads) and filled with the field errors of a 422 answer. No zod import here:
// each screen brings the schema it needs, so zod stays in the screens' chunks.
import { schemaResolver, type FormErrors } from '@mantine/form';
import { isApiError } from '../api/queries';
import type { ApiFailure } from '../api/envelope';
import { contractText } from '../i18n/contract-text';

/** Any Standard Schema (every zod 4 schema is one). */
type StandardSchema = Parameters<typeof schemaResolver>[0];

export interface FieldMapping {
  /** Server or schema field path → form field, when they differ (e.g. 'connection_meta.format' → 'format'). */
  fields?: Record<string, string>;
}

// A rule's message is the contract's English text; the reader sees it in the interface language.
function renamed(errors: Record<string, string>, { fields }: FieldMapping): FormErrors {
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [fields?.[path] ?? path, contractText(message)]));
}

/**
 * A `validate` for useForm from a contract schema: the form's values are first shaped like the
 * route's body by `toBody` (e.g. ids picked as strings become numbers), then checked; the first
 * message of each field is shown, as the server would answer it.
 */
export function schemaValidate<V>(schema: StandardSchema, options: FieldMapping & { toBody?: (values: V) => unknown } = {}) {
  const resolve = schemaResolver(schema, { sync: true });
  return (values: V): FormErrors => renamed(resolve(options.toBody ? options.toBody(values) : values) as Record<string, string>, options);
}

interface FormWithErrors {
  setErrors: (errors: FormErrors) => void;
}

/**
 * Shows the per-field errors of a 422 answer (`errors: { field: [messages] }`) on the form.
 * Takes the failure or the ApiError a mutation rejected with; anything else is left alone
 * (the client has already shown the red notification). Returns whether field errors were set.
 */
export function setServerErrors(form: FormWithErrors, failure: ApiFailure | unknown, mapping: FieldMapping = {}): boolean {
  const envelope = isApiError(failure) ? failure.failure : (failure as ApiFailure | undefined);
  if (!envelope || envelope.code !== 422 || !envelope.errors) return false;
  const joined = Object.fromEntries(Object.entries(envelope.errors).map(([field, messages]) => [field, messages.join(' ')]));
  form.setErrors(renamed(joined, mapping));
  return true;
}
