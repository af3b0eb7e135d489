import "@mantine/core/styles/Table.css";
import { Anchor, Group, Stack, Table, Text, Title } from "@mantine/core";
import type { TLocation } from "@starboard/contract/locations";
import { Link } from "react-router";
import { useCan } from "../../../lib/authorization";
import { useSpecialHours } from "../api/special-hours";
import { formatHolidayDate, holidayPreview } from "../hours/holidays.ts";
import { describeHoliday } from "./holiday-hours-section.tsx";

/** The detail page's holiday hours: the first five dates, then '...' and a link (§2, §9). */
export function HolidayHoursCard({ location }: { location: TLocation }) {
  const canUpdate = useCan("update", "location");
  const list = useSpecialHours(location.id);
  const editHref = `/settings/locations/${encodeURIComponent(location.id)}/details?withEdit=true`;
  const { shown, more } = holidayPreview(list.data ?? []);
  return (
    <Stack gap={4} data-testid="holiday-hours-card">
      <Group justify="space-between">
        <Title order={2} size="h5">
          Holiday Hours
        </Title>
        {canUpdate && (
          <Anchor component={Link} to={`${editHref}&fromLL=true`} size="sm">
            Edit in platform
          </Anchor>
        )}
      </Group>
      {list.isPending ? (
        <Text size="sm">Loading...</Text>
      ) : list.isError ? (
        <Text size="sm" c="red.8" role="alert">
          There was an error fetching special hours
        </Text>
      ) : shown.length === 0 ? (
        <Text size="sm" c="gray.7">
          You have no Holiday Hours set.
        </Text>
      ) : (
        <>
          <Table withRowBorders={false} verticalSpacing={2} aria-label="Holiday hours">
            <Table.Tbody>
              {shown.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Th scope="row" fw={500} w={120}>
                    {formatHolidayDate(e.start_date)}
                  </Table.Th>
                  <Table.Td>{describeHoliday(e)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {more && (
            <Group gap="xs">
              <Text size="sm">...</Text>
              {canUpdate && (
                <Anchor component={Link} to={editHref} size="sm">
                  See all
                </Anchor>
              )}
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
