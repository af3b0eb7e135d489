import { Alert, Button, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import "@mantine/core/styles/Table.css";
import { useLocationLandingPages } from "../api/landing";
import { LandingLinkActions } from "./landing-copy-link";

/** A location's landing pages (all but the kiosk): each kind's address with Copy Link and Open. */
export function LandingLocationLinks({ locationId, locationName }: { locationId: string; locationName: string }) {
  const pages = useLocationLandingPages(locationId);
  if (pages.isPending)
    return (
      <Stack gap="xs" data-testid="landing-links-loading">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={32} />
        ))}
      </Stack>
    );
  if (pages.isError)
    return (
      <Alert color="red" title="Unable to load the landing pages">
        <Group>
          <Text size="sm">Please reload or try again later.</Text>
          <Button size="xs" variant="light" onClick={() => pages.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  const rows = pages.data.filter((p) => p.kind !== "kiosk");
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
