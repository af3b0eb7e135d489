import { Button, Group } from "@mantine/core";
import { IconChevronDown, IconFileExport } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import type { ExportMenuProps } from "./export-menu-panel";

export type { ExportMenuProps } from "./export-menu-panel";

/** The menu itself (and the export flow behind it) is its own chunk: the pages' first load stays light (issue 12). */
const Panel = lazy(() => import("./export-menu-panel").then((m) => ({ default: m.ExportMenuPanel })));

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
 * entry. Until the pointer comes near or the button is pressed, it is a plain button; then the menu loads
 * (opening at once when the button was pressed, also when it is pressed while the menu is still loading).
 */
export function ExportMenu(props: ExportMenuProps) {
  const [wanted, setWanted] = useState<"idle" | "load" | "open">("idle");
  if (wanted === "idle") {
    return (
      <Group gap="xs" data-print-hide>
        <ExportButton onClick={() => setWanted("open")} onPointerEnter={() => setWanted("load")} />
      </Group>
    );
  }
  return (
    <Suspense
      fallback={
        <Group gap="xs" data-print-hide>
          <ExportButton onClick={() => setWanted("open")} />
        </Group>
      }
    >
      <Panel {...props} defaultOpened={wanted === "open"} />
    </Suspense>
  );
}
