import { Anchor, Button, Group, Text } from "@mantine/core";
import { can } from "@starboard/contract/permissions";
import { NO_SAVED_FILTER_LABEL } from "@starboard/contract/saved-filter-label";
import { IconChevronDown } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useFilters } from "../../lib/filters";
import { useSession } from "../../lib/session";
import type { TSavedFiltersAction } from "./saved-filters";

/** The dropdown, the naming form and their logic are their own chunk: the dashboard's first load stays light (issue 12). */
const Full = lazy(() => import("./saved-filters").then((m) => ({ default: m.SavedFilters })));

/**
 * The saved-filter controls of the filter bar as they first appear when no saved filter is selected: Save as,
 * Save (disabled) and the dropdown's button. Pressing one loads the full controls, which do what was pressed
 * last.
 */
export function SavedFiltersEntry() {
  const [action, setAction] = useState<TSavedFiltersAction | null>(null);
  const { filters } = useFilters();
  // A saved filter in the address: the full controls (which fetch the list) show its name.
  if (action || filters.savedFilterId) {
    // While they load, a second press changes what they will do when they open: the last press wins.
    return (
      <Suspense fallback={<Controls onAction={setAction} />}>
        <Full initialAction={action ?? undefined} />
      </Suspense>
    );
  }
  return <Controls onAction={setAction} />;
}

function Controls({ onAction }: { onAction?: (action: TSavedFiltersAction) => void }) {
  const { session } = useSession();
  const allowed =
    Boolean(session) && can(session?.permissions, "read", "saved_filter") && session?.settings.saved_filters !== false;
  if (!allowed) return null;
  return (
    <Group gap="xs" wrap="nowrap" data-testid="saved-filters">
      <Group gap="xs" wrap="nowrap">
        <Anchor
          component="button"
          type="button"
          size="sm"
          aria-label="Save as new saved filter"
          onClick={() => onAction?.("create")}
        >
          Save as
        </Anchor>
        <Anchor
          component="button"
          type="button"
          size="sm"
          aria-label="Save saved filter"
          disabled
          c="dimmed"
          onClick={() => onAction?.("save")}
        >
          Save
        </Anchor>
      </Group>
      <Button
        variant="default"
        size="compact-sm"
        rightSection={<IconChevronDown size={14} aria-hidden />}
        onClick={() => onAction?.("open")}
        aria-haspopup="dialog"
        aria-expanded={false}
        aria-label={`Saved filters: ${NO_SAVED_FILTER_LABEL}`}
        data-testid="saved-filters-toggle"
        maw={200}
      >
        <Text size="sm" truncate>
          {NO_SAVED_FILTER_LABEL}
        </Text>
      </Button>
    </Group>
  );
}
