import { Button, Group } from "@mantine/core";
import { IconChevronDown, IconFileExport } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import type { ExportMenuProps } from "./export-menu-panel";

export type { ExportMenuProps } from "./export-menu-panel";

/** The menu itself (and the export flow behind it) is its own chunk: the pages' first load stays light (issue 12). */
const loadPanel = () => import("./export-menu-panel").then((m) => ({ default: m.ExportMenuPanel }));
const Panel = lazy(loadPanel);

function ExportButton({ onClick, onPointerEnter }: { onClick?: () => void; onPointerEnter?: () => void }) {
  return (
    <Button
      variant="default"
      size="sm"
      aria-haspopup="menu"
      aria-expanded={false}
      leftSection={<IconFileExport size={16} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      onClick={onClick}
      onPointerEnter={onPointerEnter}
    >
      Export
    </Button>
  );
}

/**
 * The export menu (docs/product/platform.md §2): Schedule Export, Download CSV, Print and an optional extra
 * entry. Until the button is pressed it is a plain button; the pointer coming near fetches the menu's chunk
 * without rendering anything new (a re-render there would replace the button between the press's mousedown and
 * mouseup, and the press would be lost). Pressed, it opens as soon as its chunk is in.
 */
export function ExportMenu(props: ExportMenuProps) {
  const [opened, setOpened] = useState(false);
  if (!opened) {
    return (
      <Group gap="xs" data-print-hide>
        <ExportButton onClick={() => setOpened(true)} onPointerEnter={() => void loadPanel()} />
      </Group>
    );
  }
  return (
    <Suspense
      fallback={
        <Group gap="xs" data-print-hide>
          <ExportButton />
        </Group>
      }
    >
      <Panel {...props} defaultOpened />
    </Suspense>
  );
}
