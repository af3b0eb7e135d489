import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { lookupNpi, npiTitle, searchNpi } from "../api/npi";
import type { TLocationDraft } from "../location-draft";
import { isNpiNumber, NPI_MESSAGES, npiFromNameResults, npiLocalError, splitName } from "../location-rules";

/**
 * The NPI field (healthcare accounts, docs/product/locations.md §5 "NPI"): 10 digits are looked up by number;
 * "Find by name" looks up the public name and address and takes the one result.
 */
export function NpiField({
  draft,
  onChange,
  onError,
  stateCode,
}: {
  draft: TLocationDraft;
  onChange: (next: TLocationDraft) => void;
  onError: (error: string | null) => void;
  /** The location's state code (CO), sent while the state is the saved one. */
  stateCode?: string | null;
}) {
  const [title, setTitle] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const value = draft.npi.trim();

  const report = (e: string | null) => {
    setError(e);
    onError(e);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: looks up when the number changes
  useEffect(() => {
    setTitle(null);
    const local = npiLocalError(value);
    if (local || !isNpiNumber(value)) {
      report(local);
      return;
    }
    let live = true;
    setBusy(true);
    lookupNpi(value)
      .then((result) => {
        if (!live) return;
        if (result) {
          setTitle(npiTitle(result));
          report(null);
        } else report(NPI_MESSAGES.notFound);
      })
      .catch(() => live && report(NPI_MESSAGES.unreachable))
      .finally(() => live && setBusy(false));
    return () => {
      // A lookup overtaken by a new value (or a cleared field) no longer holds the field busy.
      live = false;
      setBusy(false);
    };
  }, [value]);

  const findByName = async () => {
    setBusy(true);
    try {
      const results = await searchNpi({
        ...splitName(draft.public_name),
        city: draft.address.city.trim(),
        // NPPES takes the two-letter state: "US-CO" is sent as "CO".
        state: stateCode ? stateCode.replace(/^[A-Z]{2}-/, "") : draft.address.state.trim(),
        postal_code: draft.address.zipcode.trim(),
      });
      const { result, error: e } = npiFromNameResults(results);
      if (result) onChange({ ...draft, npi: result.number });
      else report(e);
    } catch {
      report(NPI_MESSAGES.unreachable);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label="NPI Number"
          name="npi"
          value={draft.npi}
          onChange={(e) => onChange({ ...draft, npi: e.currentTarget.value })}
          error={error ?? undefined}
          inputMode="numeric"
          maxLength={10}
          style={{ flex: 1 }}
        />
        <Button variant="light" onClick={() => void findByName()} loading={busy} mb={error ? 22 : 0}>
          Find by name
        </Button>
      </Group>
      {title && (
        <Text size="sm" c="teal.9" data-testid="npi-title">
          {title}
        </Text>
      )}
    </Stack>
  );
}
