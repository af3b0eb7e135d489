import "@mantine/core/styles/Grid.css";
import "@mantine/core/styles/Table.css";
import { Anchor, Grid, Group, Stack, Table, Text, Title } from "@mantine/core";
import type { TLocation } from "@starboard/contract/locations";
import type { ReactNode } from "react";
import { DAY_LABELS, DAYS, formatDay, readWeek } from "../hours/week.ts";
import { openStatusLabel } from "../location-rules.ts";
import { CopyValue } from "./copy-value.tsx";

/** Fields without a copy button (docs/product/locations.md §2). */
export const NO_COPY_FIELDS = ["category_name", "hours", "open_status", "special_hours"] as const;

function Field({
  label,
  value,
  copy = true,
  testId,
  href,
}: {
  label: string;
  value: ReactNode;
  copy?: boolean;
  testId?: string;
  href?: string;
}) {
  const text = typeof value === "string" ? value : null;
  return (
    <div data-testid={testId}>
      <Text size="xs" c="gray.7" fw={600} tt="uppercase">
        {label}
      </Text>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {href && text ? (
            <Anchor href={href} target="_blank" rel="noopener noreferrer">
              {text}
            </Anchor>
          ) : (
            value || "—"
          )}
        </Text>
        {copy && text && <CopyValue value={text} label={label} />}
      </Group>
    </div>
  );
}

/** The location in view mode: every field of the detail page, with copy buttons. */
export function LocationView({
  location,
  overrides,
  holidays,
}: {
  location: TLocation;
  /** Directory-specific numbers and websites. */
  overrides?: ReactNode;
  /** The holiday hours card. */
  holidays?: ReactNode;
}) {
  const week = readWeek(location.hours);
  const cityLine = [location.city, [location.state, location.zipcode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return (
    <Grid gap="lg" data-testid="location-view">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="sm">
          <Field label="Internal Name" value={location.name} testId="field-name" />
          <Field
            label="External ID"
            value={location.external_id || "No External ID"}
            copy={Boolean(location.external_id)}
          />
          <Field label="Public Name" value={location.public_name ?? ""} />
          <Field label="Category" value={location.category_name ?? ""} copy={false} />
          <Field label="Address" value={location.address ?? ""} />
          {location.address_2 && <Field label="Address 2" value={location.address_2} />}
          <Field label="City, State, Zip" value={cityLine} />
          {location.country && <Field label="Country" value={location.country} />}
          <Field label="Phone" value={location.phone ?? ""} />
          <Field label="Website" value={location.website ?? ""} href={location.website ?? undefined} />
          {overrides}
          <Field
            label="Business Status"
            value={openStatusLabel(location.open_status)}
            copy={false}
            testId="field-open-status"
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <div>
            <Title order={2} size="h5" mb={4}>
              Operating Hours
            </Title>
            {week ? (
              <Table
                withRowBorders={false}
                verticalSpacing={2}
                data-testid="operating-hours"
                aria-label="Operating hours"
              >
                <Table.Tbody>
                  {DAYS.map((d) => (
                    <Table.Tr key={d}>
                      <Table.Th scope="row" fw={500} w={120}>
                        {DAY_LABELS[d]}
                      </Table.Th>
                      <Table.Td>{formatDay(week[d])}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              <Text size="sm" c="gray.7">
                No operating hours set.
              </Text>
            )}
          </div>
          {holidays}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
