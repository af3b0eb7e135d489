import { Group, Text, Textarea, type TextareaProps } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useId } from "react";
import { charCount } from "./char-count.ts";

export type CharLimitTextareaProps = Omit<TextareaProps, "value" | "onChange"> & {
  value: string;
  onChange: (value: string) => void;
  limit: number;
};

/** A textarea with '{n} characters remaining', or '{n} characters too many' and an error mark over the limit. */
export function CharLimitTextarea({ value, onChange, limit, ...rest }: CharLimitTextareaProps) {
  const counterId = useId();
  const count = charCount(value, limit);
  return (
    <div>
      <Textarea
        {...rest}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={count.over ? true : rest.error}
        aria-invalid={count.over || undefined}
        aria-describedby={counterId}
      />
      <Group gap={4} mt={4} justify="flex-end" id={counterId} aria-live="polite">
        {count.over && <IconAlertCircle size={14} color="var(--mantine-color-error)" aria-label="Error" />}
        <Text size="xs" c={count.over ? "red.8" : "dimmed"} data-testid="char-count">
          {count.message}
        </Text>
      </Group>
    </div>
  );
}
