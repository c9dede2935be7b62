// Mantine's DateInput with its calendar in the reader's language (./DatesInLanguage): the one the
// screens use, so no date picker shows English month names to a German reader.
import { DateInput as MantineDateInput, type DateInputProps } from '@mantine/dates';
import { DatesInLanguage } from './DatesInLanguage';

export function DateInput(props: DateInputProps) {
  return (
    <DatesInLanguage>
      <MantineDateInput {...props} />
    </DatesInLanguage>
  );
}
