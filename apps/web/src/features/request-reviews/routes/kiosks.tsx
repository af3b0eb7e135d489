import { Group, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import "@mantine/core/styles/Table.css";
import { useState } from "react";
import { EmptyStatePanel } from "../../../components/common/empty-state";
import { SearchInput } from "../../../components/common/search-input";
import { QueryState, SkeletonStack } from "../../../components/shell/query-state";
import { Pager } from "../../../components/shell/table-states";
import { useLandingLocations, useLocationLandingPages } from "../api/landing";
import { LandingLinkActions } from "../components/landing-copy-link";

function KioskLink({ locationId, name }: { locationId: string; name: string }) {
  const pages = useLocationLandingPages(locationId);
  const kiosk = pages.data?.find((p) => p.kind === "kiosk");
  if (pages.isPending) return <Skeleton height={24} width={160} />;
  if (!kiosk)
    return (
      <Text size="sm" c="red.8">
        Unable to load the kiosk link
      </Text>
    );
  return (
    <Group gap="md" wrap="nowrap">
      <Text size="sm" c="gray.7" style={{ wordBreak: "break-all" }}>
        {kiosk.url}
      </Text>
      <LandingLinkActions url={kiosk.url} label={`Kiosk, ${name}`} />
    </Group>
  );
}

/**
 * /request-reviews/kiosks: each location's kiosk page, for a shared tablet (full screen, reset after each answer or a
 * minute idle, review sites as QR codes), with Copy Link and Open.
 */
export default function KiosksRoute() {
  const [page, setPage] = useState(1);
  const [keywords, setKeywords] = useState("");
  const locations = useLandingLocations(page, keywords);
  const list = locations.data?._embedded.locations ?? [];
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          Kiosks
        </Title>
        <Text size="sm" c="gray.7">
          Open a location's kiosk on a shared tablet: customers rate their visit, and the page starts over after each
          answer or a minute without use.
        </Text>
      </div>
      <Paper withBorder p="lg" radius="md">
        <SearchInput
          value={keywords}
          onSearch={(v) => {
            setKeywords(v);
            setPage(1);
          }}
          placeholder="Search locations"
          maw={360}
          mb="sm"
        />
        <QueryState
          query={locations}
          loading={<SkeletonStack rows={3} height={32} gap="xs" testId="kiosks-loading" />}
          errorTitle="Unable to load your locations"
        >
          {() =>
            list.length === 0 ? (
              <EmptyStatePanel
                primary={keywords ? "No locations found" : "No locations yet"}
                secondary={keywords ? "Try another search." : "Add a location to get its kiosk page."}
              />
            ) : (
              <>
                <Table.ScrollContainer minWidth={560}>
                  <Table verticalSpacing="xs" aria-label="Kiosk pages">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">Location</Table.Th>
                        <Table.Th scope="col">
                          Kiosk link<VisuallyHidden> and actions</VisuallyHidden>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {list.map((l) => (
                        <Table.Tr key={l.id}>
                          <Table.Td fw={600}>{l.name}</Table.Td>
                          <Table.Td>
                            <KioskLink locationId={l.id} name={l.name} />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Pager page={page} total={locations.data?._total_pages ?? 1} onChange={setPage} />
              </>
            )
          }
        </QueryState>
      </Paper>
    </Stack>
  );
}
