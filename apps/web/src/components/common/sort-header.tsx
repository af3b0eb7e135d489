import "@mantine/core/styles/Table.css";
import { Group, Table, Text, UnstyledButton } from "@mantine/core";
import { IconArrowsSort, IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { nextSortDirection, type TSortDirection } from "./sort-cycle.ts";

export type SortHeaderProps = {
  children: ReactNode;
  /** This column's direction (null when the list is not sorted by it). */
  direction: TSortDirection;
  /** Called with the next direction in the cycle none → asc → desc → none. */
  onChange: (direction: TSortDirection) => void;
};

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/** A table header cell that cycles its column's sort on click (or Enter / Space). */
export function SortHeader({ children, direction, onChange }: SortHeaderProps) {
  const Icon = direction === "asc" ? IconSortAscending : direction === "desc" ? IconSortDescending : IconArrowsSort;
  return (
    <Table.Th aria-sort={direction ? ARIA_SORT[direction] : "none"}>
      <UnstyledButton onClick={() => onChange(nextSortDirection(direction))}>
        <Group gap={4} wrap="nowrap">
          <Text fw={600} size="sm">
            {children}
          </Text>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
