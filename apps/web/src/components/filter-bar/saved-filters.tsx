import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { can } from "@starboard/contract/permissions";
import {
  SAVED_FILTER_MESSAGES as M,
  NO_SAVED_FILTER_LABEL,
  SAVED_FILTER_CLEARED_KEYS,
  SAVED_FILTER_NAME_MAX,
  type TSavedFilter,
  type TSavedFilterConfigInput,
} from "@starboard/contract/saved-filters";
import { IconChevronDown, IconPencil, IconTrash } from "@tabler/icons-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { ApiError } from "../../lib/api";
import { isReviewsPath, sentimentFor, type TFilterChanges, useFilters } from "../../lib/filters";
import { useSession } from "../../lib/session";
import { useSavedFilterMutations, useSavedFilterPages } from "./saved-filters-api";

/** Infinite scroll loads the next page within this many pixels of the bottom (docs/product/platform.md §9). */
const LOAD_WITHIN_PX = 130;
const DROPDOWN_MAX_HEIGHT = 378;
const SUCCESS_MS = 5000;

type TNaming = { mode: "create" } | { mode: "rename"; filter: TSavedFilter };
/** What the light controls (saved-filters-entry.tsx) were asked to do before this component loaded. */
export type TSavedFiltersAction = "create" | "open" | "save";

const isDuplicateError = (e: unknown) => e instanceof ApiError && e.status === 409;

/**
 * The saved-filter controls of the filter bar (docs/product/platform.md §2, §4, §5, §8): Save as (a new saved
 * filter from the current filters), Save (the selected one), and the dropdown that applies, renames or deletes
 * one, loading 25 at a time as the list scrolls.
 */
export function SavedFilters({ initialAction }: { initialAction?: TSavedFiltersAction } = {}) {
  const { session } = useSession();
  const { filters, dateDescriptor, setFilters } = useFilters();
  const { pathname } = useLocation();
  const accountId = session?.account_id ?? "";
  const userId = session?.user_id ?? "";
  const allowed =
    Boolean(session) && can(session?.permissions, "read", "saved_filter") && session?.settings.saved_filters !== false;
  const pages = useSavedFilterPages(accountId, userId, allowed);
  const { create, update, remove } = useSavedFilterMutations(accountId);
  const [open, setOpen] = useState(false);
  const [naming, setNaming] = useState<TNaming | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);

  const items = pages.data?.pages.flatMap((p) => p._embedded.user_preferences) ?? [];
  const selected = items.find((f) => f.id === filters.savedFilterId);

  useEffect(() => {
    if (pages.isError) notifications.show({ color: "red", message: M.fetchFailed });
  }, [pages.isError]);

  // Loaded by a press on the light controls: do what was pressed, with the focus on the control.
  const toggle = useRef<HTMLButtonElement>(null);
  const pending = useRef(initialAction);
  const saveNow = useRef<(() => void) | null>(null);
  useEffect(() => {
    const action = pending.current;
    if (!action) return;
    if (action === "create") {
      pending.current = undefined;
      setNaming({ mode: "create" });
    } else if (action === "open") {
      pending.current = undefined;
      toggle.current?.focus();
      setOpen(true);
    } else if (action === "save") {
      pending.current = undefined;
      saveNow.current?.();
    }
  }, []);

  if (!allowed) return null;

  /** The current filters as a saved filter's config (sentiment in the page's form). */
  const currentConfig = (): TSavedFilterConfigInput => {
    const config: TSavedFilterConfigInput = { dateDescriptor };
    if (dateDescriptor === "custom") {
      if (filters.from) config.from = filters.from;
      if (filters.to) config.to = filters.to;
    }
    for (const key of ["groupId", "locationId", "sourceId", "rating", "category"] as const) {
      if (filters[key].length > 0) config[key] = filters[key];
    }
    if (filters.sentiment)
      config.sentiment = sentimentFor(filters.sentiment, pathname) as TSavedFilterConfigInput["sentiment"];
    if (filters.assigned_to === "me") config.assignedTo = "me";
    return config;
  };

  const apply = (filter: TSavedFilter) => {
    try {
      const c = filter.config;
      const changes: TFilterChanges = {
        dateDescriptor: c.dateDescriptor ?? null,
        from: c.dateDescriptor === "custom" ? (c.from ?? null) : null,
        to: c.dateDescriptor === "custom" ? (c.to ?? null) : null,
        groupId: c.groupId ?? [],
        locationId: c.locationId ?? [],
        sourceId: c.sourceId ?? [],
        rating: c.rating ?? [],
        category: c.category ?? [],
        sentiment:
          c.sentiment === undefined || c.sentiment === null ? null : sentimentFor(String(c.sentiment), pathname),
        savedFilterId: filter.id,
        ...(isReviewsPath(pathname) ? { assigned_to: c.assignedTo ?? null } : {}),
      };
      setFilters(changes);
      setOpen(false);
    } catch {
      notifications.show({ color: "red", message: M.applyError });
    }
  };

  const clearSelection = () => {
    setFilters({ savedFilterId: null });
    setOpen(false);
  };

  const onDelete = (filter: TSavedFilter) =>
    remove.mutate(filter.id, {
      onSuccess: () => {
        notifications.show({ color: "teal", message: M.deleted, autoClose: SUCCESS_MS });
        if (filter.id === filters.savedFilterId) {
          setFilters(Object.fromEntries(SAVED_FILTER_CLEARED_KEYS.map((k) => [k, null])) as TFilterChanges);
        }
      },
      onError: () => notifications.show({ color: "red", title: M.notDeleted, message: M.deleteFailed }),
    });

  const onSave = () => {
    if (!selected) return;
    update.mutate(
      { id: selected.id, config: currentConfig() },
      {
        onSuccess: () => notifications.show({ color: "teal", message: M.updated, autoClose: SUCCESS_MS }),
        onError: () => notifications.show({ color: "red", title: M.saveError, message: M.updateFailed }),
      },
    );
  };

  saveNow.current = onSave;

  const takenNames = (except?: string) =>
    new Set(
      [...items.filter((f) => f.id !== except).map((f) => f.name), NO_SAVED_FILTER_LABEL].map((n) => n.toLowerCase()),
    );

  const submitName = (name: string, fail: (message: string) => void) => {
    if (!naming) return;
    if (naming.mode === "create") {
      create.mutate(
        { name, config: currentConfig() },
        {
          onSuccess: (saved) => {
            notifications.show({ color: "teal", message: M.saved, autoClose: SUCCESS_MS });
            setFilters({ savedFilterId: saved.id });
            setNaming(null);
          },
          onError: (e) => {
            if (isDuplicateError(e)) fail(M.duplicate);
            else notifications.show({ color: "red", title: M.saveError, message: M.createFailed });
          },
        },
      );
    } else {
      update.mutate(
        { id: naming.filter.id, name },
        {
          onSuccess: () => {
            notifications.show({ color: "teal", message: M.updated, autoClose: SUCCESS_MS });
            setNaming(null);
          },
          onError: (e) => {
            if (isDuplicateError(e)) fail(M.duplicate);
            else notifications.show({ color: "red", title: M.saveError, message: M.updateFailed });
          },
        },
      );
    }
  };

  const onScroll = ({ y }: { x: number; y: number }) => {
    const el = viewport.current;
    if (!el || !pages.hasNextPage || pages.isFetchingNextPage) return;
    if (el.scrollHeight - el.clientHeight - y <= LOAD_WITHIN_PX) void pages.fetchNextPage();
  };

  /** Arrow keys move between the options; Escape closes (the popover's own). */
  const onListKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const options = [...(list.current?.querySelectorAll<HTMLButtonElement>("[data-option]") ?? [])];
    const index = options.indexOf(document.activeElement as HTMLButtonElement);
    const next = event.key === "ArrowDown" ? Math.min(options.length - 1, index + 1) : Math.max(0, index - 1);
    options[next]?.focus();
    event.preventDefault();
  };

  return (
    <Group gap="xs" wrap="nowrap" data-testid="saved-filters">
      <Popover
        opened={naming !== null}
        onChange={(o) => !o && setNaming(null)}
        position="bottom-end"
        withArrow
        trapFocus
        closeOnEscape={false}
        // The target is a group of two buttons, not one control: no popup roles on the group (axe: aria-allowed-attr).
        withRoles={false}
      >
        <Popover.Target>
          <Group gap="xs" wrap="nowrap">
            <Anchor
              component="button"
              type="button"
              size="sm"
              aria-label="Save as new saved filter"
              onClick={() => setNaming({ mode: "create" })}
            >
              Save as
            </Anchor>
            <Anchor
              component="button"
              type="button"
              size="sm"
              aria-label="Save saved filter"
              disabled={!selected || update.isPending}
              c={selected ? undefined : "dimmed"}
              onClick={onSave}
            >
              Save
            </Anchor>
          </Group>
        </Popover.Target>
        <Popover.Dropdown>
          {naming && (
            <NameForm
              key={naming.mode === "rename" ? naming.filter.id : "new"}
              initial={naming.mode === "rename" ? naming.filter.name : ""}
              title={naming.mode === "rename" ? "Rename saved filter" : "Save filters as"}
              taken={takenNames(naming.mode === "rename" ? naming.filter.id : undefined)}
              pending={create.isPending || update.isPending}
              onSubmit={submitName}
              onCancel={() => setNaming(null)}
            />
          )}
        </Popover.Dropdown>
      </Popover>
      <Popover opened={open} onChange={setOpen} position="bottom-end" width={280} shadow="md">
        <Popover.Target>
          <Button
            ref={toggle}
            variant="default"
            size="compact-sm"
            rightSection={<IconChevronDown size={14} aria-hidden />}
            onClick={() => setOpen((o) => !o)}
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-label={`Saved filters: ${selected?.name ?? NO_SAVED_FILTER_LABEL}`}
            data-testid="saved-filters-toggle"
            maw={200}
          >
            <Text size="sm" truncate>
              {selected?.name ?? NO_SAVED_FILTER_LABEL}
            </Text>
          </Button>
        </Popover.Target>
        <Popover.Dropdown p={4}>
          <ScrollArea.Autosize mah={DROPDOWN_MAX_HEIGHT} viewportRef={viewport} onScrollPositionChange={onScroll}>
            <div ref={list} data-testid="saved-filters-list">
              <Option
                label={NO_SAVED_FILTER_LABEL}
                active={!filters.savedFilterId}
                onSelect={clearSelection}
                onKeyDown={onListKey}
              />
              {pages.isPending ? (
                <Group justify="center" p="xs">
                  <Loader size="xs" aria-label="Loading saved filters" />
                </Group>
              ) : pages.isError ? (
                <Text size="sm" c="red" p="xs">
                  {M.fetchErrorInline}
                </Text>
              ) : (
                items.map((f) => (
                  <Group key={f.id} gap={2} wrap="nowrap" data-testid="saved-filter-option">
                    <Option
                      label={f.name}
                      active={f.id === filters.savedFilterId}
                      onSelect={() => apply(f)}
                      onKeyDown={onListKey}
                    />
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={`Rename saved filter: ${f.name}`}
                      onClick={() => {
                        setOpen(false);
                        setNaming({ mode: "rename", filter: f });
                      }}
                    >
                      <IconPencil size={14} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="sm"
                      aria-label={`Delete saved filter: ${f.name}`}
                      loading={remove.isPending && remove.variables === f.id}
                      onClick={() => onDelete(f)}
                    >
                      <IconTrash size={14} aria-hidden />
                    </ActionIcon>
                  </Group>
                ))
              )}
              {pages.isFetchingNextPage && (
                <Group justify="center" p="xs">
                  <Loader size="xs" aria-label="Loading more saved filters" />
                </Group>
              )}
            </div>
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}

function Option({
  label,
  active,
  onSelect,
  onKeyDown,
}: {
  label: string;
  active: boolean;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  return (
    <UnstyledButton
      data-option
      aria-current={active ? "true" : undefined}
      onClick={onSelect}
      onKeyDown={onKeyDown}
      px="xs"
      py={6}
      style={{ flex: 1, borderRadius: 4, fontWeight: active ? 600 : undefined, minWidth: 0 }}
    >
      <Text size="sm" truncate>
        {label}
      </Text>
    </UnstyledButton>
  );
}

/** The name of a saved filter: required ('Enter a name'), 60 characters, unique; Enter submits, Escape cancels. */
function NameForm(props: {
  initial: string;
  title: string;
  taken: Set<string>;
  pending: boolean;
  onSubmit: (name: string, fail: (message: string) => void) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const name = value.trim();

  const submit = () => {
    if (!name) {
      setMissing(true);
      return;
    }
    if (props.taken.has(name.toLowerCase())) {
      setError(M.duplicate);
      return;
    }
    props.onSubmit(name, setError);
  };

  return (
    <Stack gap="xs" w={260}>
      <Text size="sm" fw={600}>
        {props.title}
      </Text>
      <Tooltip label={M.nameRequired} opened={missing && !name} position="top-start" withArrow>
        <TextInput
          data-autofocus
          aria-label="Saved filter name"
          placeholder="Name"
          value={value}
          maxLength={SAVED_FILTER_NAME_MAX}
          error={error}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(null);
            setMissing(false);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              submit();
            }
            if (e.key === "Escape") {
              e.preventDefault();
              props.onCancel();
            }
          }}
        />
      </Tooltip>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" size="compact-sm" onClick={props.onCancel}>
          Cancel
        </Button>
        <Tooltip label={M.nameRequired} disabled={Boolean(name)}>
          <Button size="compact-sm" onClick={submit} loading={props.pending} data-disabled={!name || undefined}>
            Save
          </Button>
        </Tooltip>
      </Group>
    </Stack>
  );
}
