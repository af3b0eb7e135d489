import "@mantine/core/styles/Grid.css";
import { Checkbox, Grid, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import type { TLocation } from "@starboard/contract/locations";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError } from "../../../lib/api";
import { useCan } from "../../../lib/authorization";
import { toastAlert } from "../../../lib/toast";
import { createOverride, overridesKey, updateOverride, useOverrideDirectories, useOverrides } from "../api/overrides";
import { overrideError, type TOverrideDraft, toggleOverride } from "../location-rules";
import { CopyValue } from "./copy-value";

/** The directories overrides are for (§3 "Directory"), each as { id: source_id, name }. */
function useDirectories(enabled: boolean) {
  const query = useOverrideDirectories(enabled);
  const list = (query.data ?? []).map((d) => ({ id: d.source_id, name: d.name }));
  return { list, query };
}

const hasErrors = (r: Record<string, TRow>) =>
  Object.values(r).some((row) => overrideError("phone", row.phone) || overrideError("website", row.website));

export type TOverridesEditorHandle = {
  /** Shows the checkbox rules' messages; true when one is outstanding. */
  validate: () => boolean;
  /** Writes the changed overrides; false (after the alert) when it failed. */
  save: () => Promise<boolean>;
};

type TRow = { phone: TOverrideDraft; website: TOverrideDraft };

/** Directory-specific phone numbers and websites in the form: a checkbox per directory; unchecking clears it. */
export function OverridesEditor({
  location,
  handleRef,
  onDirty,
}: {
  location: TLocation;
  handleRef: (handle: TOverridesEditorHandle | null) => void;
  onDirty: () => void;
}) {
  const allowed = useCan("create", "local_listing");
  const qc = useQueryClient();
  const { list: directories } = useDirectories(allowed);
  const overrides = useOverrides(location.id, allowed);
  const [rows, setRows] = useState<Record<string, TRow>>({});
  const [changed, setChanged] = useState<Set<string>>(new Set());
  const [showErrors, setShowErrors] = useState(false);

  const directoryKey = directories.map((d) => d.id).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the directories or the saved overrides change
  useEffect(() => {
    const next: Record<string, TRow> = {};
    for (const d of directories) {
      const o = overrides.data?.find((x) => x.source_id === d.id);
      next[d.id] = {
        phone: { checked: Boolean(o?.phone), value: o?.phone ?? "" },
        website: { checked: Boolean(o?.website), value: o?.website ?? "" },
      };
    }
    setRows(next);
    setChanged(new Set());
  }, [directoryKey, overrides.data]);

  useEffect(() => {
    if (!allowed) {
      handleRef(null);
      return;
    }
    handleRef({
      validate: () => {
        setShowErrors(true);
        return hasErrors(rows);
      },
      save: async () => {
        try {
          for (const sourceId of changed) {
            const row = rows[sourceId];
            if (!row) continue;
            const body = {
              phone: row.phone.checked ? row.phone.value.trim() : null,
              website: row.website.checked ? row.website.value.trim() : null,
            };
            const existing = overrides.data?.find((x) => x.source_id === sourceId);
            if (existing) await updateOverride(existing.id, body);
            else await createOverride({ location_id: location.id, source_id: sourceId, ...body });
          }
          await qc.invalidateQueries({ queryKey: overridesKey(location.id) });
          return true;
        } catch (error) {
          toastAlert(
            error instanceof ApiError && error.status === 400
              ? error.message
              : "There was an error while updating directory-specific overrides",
          );
          return false;
        }
      },
    });
  }, [allowed, rows, changed, overrides.data, location.id, qc, handleRef]);

  if (!allowed || directories.length === 0) return null;
  const set = (sourceId: string, kind: "phone" | "website", draft: TOverrideDraft) => {
    setRows((r) => ({ ...r, [sourceId]: { ...(r[sourceId] as TRow), [kind]: draft } }));
    setChanged((c) => new Set(c).add(sourceId));
    onDirty();
  };

  return (
    <section aria-labelledby="overrides-heading" data-testid="overrides-editor">
      <Title order={2} size="h4" id="overrides-heading" mb="xs">
        Directory-Specific Phone Numbers and Websites
      </Title>
      {overrides.isError && (
        <Text size="sm" c="red.8" role="alert">
          There was an error while fetching source-specific data. Please refresh the page and try again.
        </Text>
      )}
      <Stack gap="xs">
        {directories.map((d) => {
          const row = rows[d.id];
          if (!row) return null;
          return (
            <Grid key={d.id} gap="sm" align="flex-start">
              {(["phone", "website"] as const).map((kind) => {
                const label = `${d.name} ${kind === "phone" ? "phone" : "website"}`;
                const error = showErrors ? overrideError(kind, row[kind]) : null;
                return (
                  <Grid.Col key={kind} span={{ base: 12, sm: 6 }}>
                    <Group align="flex-start" gap="xs" wrap="nowrap">
                      <Checkbox
                        aria-label={`Use a different ${label}`}
                        checked={row[kind].checked}
                        onChange={(e) => set(d.id, kind, toggleOverride(row[kind], e.currentTarget.checked))}
                        mt={30}
                      />
                      <TextInput
                        label={label}
                        value={row[kind].value}
                        disabled={!row[kind].checked}
                        onChange={(e) => set(d.id, kind, { checked: true, value: e.currentTarget.value })}
                        error={error ?? undefined}
                        style={{ flex: 1 }}
                        maxLength={kind === "phone" ? 40 : 2000}
                      />
                    </Group>
                  </Grid.Col>
                );
              })}
            </Grid>
          );
        })}
      </Stack>
    </section>
  );
}

/** Directory-specific numbers and websites on the detail page. */
export function OverridesView({ location }: { location: TLocation }) {
  const allowed = useCan("read", "local_listing");
  const { list: directories } = useDirectories(allowed);
  const overrides = useOverrides(location.id, allowed);
  if (!allowed) return null;
  if (overrides.isError) {
    return (
      <Text size="sm" c="red.8" role="alert">
        Failed to load directory-specific numbers. Please reload or try again later.
      </Text>
    );
  }
  const set = (overrides.data ?? []).filter((o) => o.phone || o.website);
  if (set.length === 0) return null;
  const nameOf = (id: string) => directories.find((d) => d.id === id)?.name ?? "Directory";
  return (
    <div data-testid="overrides-view">
      <Text size="xs" c="gray.7" fw={600} tt="uppercase">
        Directory-Specific Numbers and Websites
      </Text>
      <Stack gap={2}>
        {set.map((o) => (
          <div key={o.id}>
            {o.phone && (
              <Group gap={4}>
                <Text size="sm">{`${nameOf(o.source_id)} phone: ${o.phone}`}</Text>
                <CopyValue value={o.phone} label={`${nameOf(o.source_id)} phone`} />
              </Group>
            )}
            {o.website && (
              <Group gap={4}>
                <Text size="sm">{`${nameOf(o.source_id)} website: ${o.website}`}</Text>
                <CopyValue value={o.website} label={`${nameOf(o.source_id)} website`} />
              </Group>
            )}
          </div>
        ))}
      </Stack>
    </div>
  );
}
