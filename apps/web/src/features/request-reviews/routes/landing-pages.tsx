import { Paper, Select, Skeleton, Stack, Text, Title } from "@mantine/core";
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/Input.css";
import { useEffect, useState } from "react";
import { EmptyStatePanel } from "../../../components/common/empty-state";
import { QueryState } from "../../../components/shell/query-state";
import { useLandingLocations } from "../api/landing";
import { LandingLocationLinks } from "../components/landing-location-links";
import { LandingRequestPageForm } from "../components/landing-request-page-form";

/**
 * /request-reviews/landing-pages: the account's request page settings, and per location the public landing pages
 * (NPS, Stars, Thumbs, Faces, Review Request) with Copy Link and Open.
 */
export default function LandingPagesRoute() {
  const [search, setSearch] = useState("");
  const [keywords, setKeywords] = useState("");
  const [locationId, setLocationId] = useState<string | null>(null);
  const locations = useLandingLocations(1, keywords);
  const list = locations.data?._embedded.locations ?? [];

  useEffect(() => {
    const t = setTimeout(() => setKeywords(search.trim()), 250);
    return () => clearTimeout(t);
  }, [search]);
  useEffect(() => {
    if (!locationId && list[0]) setLocationId(list[0].id);
  }, [locationId, list]);

  const [known, setKnown] = useState<Record<string, string>>({});
  useEffect(() => {
    if (list.length) setKnown((prev) => ({ ...prev, ...Object.fromEntries(list.map((l) => [l.id, l.name])) }));
  }, [list]);
  const selectedName = locationId ? (known[locationId] ?? "") : "";
  const data = list.map((l) => ({ value: l.id, label: l.name }));
  if (locationId && !data.some((d) => d.value === locationId)) data.unshift({ value: locationId, label: selectedName });

  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          Landing pages
        </Title>
        <Text size="sm" c="gray.7">
          Public pages where customers rate you and leave private feedback. Everyone sees the same review sites,
          whatever their rating.
        </Text>
      </div>
      <LandingRequestPageForm />
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="location-pages-title">
        <Title order={3} size="h4" id="location-pages-title" mb="sm">
          Location pages
        </Title>
        <QueryState
          query={locations}
          loading={<Skeleton height={36} maw={360} data-testid="locations-loading" />}
          errorTitle="Unable to load your locations"
        >
          {() =>
            list.length === 0 && !keywords && !locationId ? (
              <EmptyStatePanel primary="No locations yet" secondary="Add a location to get its landing pages." />
            ) : (
              <Stack gap="md">
                <Select
                  label="Location"
                  maw={360}
                  searchable
                  searchValue={search}
                  onSearchChange={setSearch}
                  data={data}
                  value={locationId}
                  onChange={(v) => v && setLocationId(v)}
                  nothingFoundMessage="No locations found"
                  allowDeselect={false}
                />
                {locationId && <LandingLocationLinks locationId={locationId} locationName={selectedName} />}
              </Stack>
            )
          }
        </QueryState>
      </Paper>
    </Stack>
  );
}
