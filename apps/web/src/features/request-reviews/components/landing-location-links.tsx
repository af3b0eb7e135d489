import { Table, Text, VisuallyHidden } from "@mantine/core";
import "@mantine/core/styles/Table.css";
import { QueryState, SkeletonStack } from "../../../components/shell/query-state";
import { useLocationLandingPages } from "../api/landing";
import { LandingLinkActions } from "./landing-copy-link";

/** A location's landing pages (all but the kiosk): each kind's address with Copy Link and Open. */
export function LandingLocationLinks({ locationId, locationName }: { locationId: string; locationName: string }) {
  const pages = useLocationLandingPages(locationId);
  return (
    <QueryState
      query={pages}
      loading={<SkeletonStack rows={5} height={32} gap="xs" testId="landing-links-loading" />}
      errorTitle="Unable to load the landing pages"
    >
      {(data) => <LinksTable rows={data.filter((p) => p.kind !== "kiosk")} locationName={locationName} />}
    </QueryState>
  );
}

type TLandingPageLink = NonNullable<ReturnType<typeof useLocationLandingPages>["data"]>[number];

function LinksTable({ rows, locationName }: { rows: TLandingPageLink[]; locationName: string }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label={`Landing pages of ${locationName}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Page</Table.Th>
            <Table.Th scope="col">Link</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p.kind} data-kind={p.kind}>
              <Table.Td fw={600}>{p.label}</Table.Td>
              <Table.Td>
                <Text size="sm" c="gray.7" style={{ wordBreak: "break-all" }}>
                  {p.url}
                </Text>
              </Table.Td>
              <Table.Td>
                <LandingLinkActions url={p.url} label={`${p.label}, ${locationName}`} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
