import { ActionIcon, TextInput, type TextInputProps } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";

export type SearchInputProps = Omit<TextInputProps, "value" | "onChange" | "onSubmit"> & {
  /** The search in force (e.g. the URL's keywords). */
  value: string;
  /** Fired on Enter or the icon click, and with "" when the field is left empty. */
  onSearch: (terms: string) => void;
};

/** Search that fires on Enter or the icon click, and clears on blur when emptied. */
export function SearchInput({ value, onSearch, placeholder = "Search", ...rest }: SearchInputProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const fire = () => onSearch(text.trim());
  return (
    <TextInput
      {...rest}
      type="search"
      placeholder={placeholder}
      aria-label={rest["aria-label"] ?? placeholder}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          fire();
        }
      }}
      onBlur={() => {
        if (text.trim() === "" && value !== "") onSearch("");
      }}
      rightSection={
        <ActionIcon variant="subtle" onClick={fire} aria-label="Search">
          <IconSearch size={16} />
        </ActionIcon>
      }
    />
  );
}
