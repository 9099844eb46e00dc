import { isoDay } from '@journals/core/reviewing';
import { day } from '@journals/core/schemas/fields';
import { deadlineError } from '@journals/core/schemas/reviewing';
import { TextInput, type TextInputProps } from '@mantine/core';

/** Today as the server counts it (UTC, YYYY-MM-DD): the earliest deadline anywhere here. */
export const todayDay = () => isoDay(new Date());

/** What is wrong with a deadline as typed: the server's own rules and message keys, or null. */
export function dayError(value: string): string | null {
  if (!day.safeParse(value).success) return 'validation.valid_date';
  return deadlineError(value, todayDay());
}

/** A calendar day picked with the browser's date input, not before today. */
export function DayInput({
  value,
  onChange,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange' | 'type'> & { value: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      type="date"
      min={todayDay()}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      dir="ltr"
      w={220}
      {...props}
    />
  );
}
