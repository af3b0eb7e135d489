import "@mantine/core/styles/Table.css";
import { Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { QueryError } from "../../../components/shell/query-error";
import { useRequestOverview } from "../api/microsurveys";
import { AskDateRange, useAskDateQuery } from "../components/microsurveys-date";

const num = (n: number) => n.toLocaleString("en-US");
const rating = (n: number | null) => (n === null ? "–" : n.toFixed(2));

/**
 * /request-reviews/overview: the review-request funnel (sent → delivered → opened → clicked → completed) over
 * the date range (six months by default), and the reviews that came from requests by source and by location.
 */
export default function RequestOverviewRoute() {
  const dateQuery = useAskDateQuery();
  const overview = useRequestOverview(dateQuery);
  const data = overview.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          Overview
        </Title>
        <AskDateRange />
      </Group>
      {overview.isPending ? (
        <Stack gap="sm" role="status" aria-label="Loading">
          <Skeleton height={160} />
          <Skeleton height={120} />
        </Stack>
      ) : overview.isError ? (
        <QueryError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : data ? (
        <>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="funnel-title">
            <Title order={3} size="h5" id="funnel-title" mb="xs">
              Requests funnel
            </Title>
            {data.requests === 0 ? (
              <Text c="gray.7" data-testid="empty-state">
                No review requests in this date range yet. Send a campaign to see how customers answer.
              </Text>
            ) : (
              <>
                <Text size="sm" c="dimmed" mb="sm">
                  {`${num(data.requests)} requests: ${num(data.skipped)} skipped, ${num(data.failed)} failed`}
                </Text>
                <Stack gap={8} component="ol" aria-label="Request funnel" p={0} m={0} style={{ listStyle: "none" }}>
                  {data.funnel.map((step) => (
                    <Group key={step.key} component="li" gap="sm" wrap="nowrap" data-testid={`funnel-${step.key}`}>
                      <Text size="sm" fw={500} w={90} style={{ flexShrink: 0 }}>
                        {step.label}
                      </Text>
                      <Progress value={step.percent ?? 0} style={{ flex: 1 }} size="lg" aria-hidden />
                      <Text size="sm" w={120} ta="right" data-testid="funnel-count">
                        {`${num(step.count)}${step.percent === null ? "" : ` (${step.percent}%)`}`}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              </>
            )}
          </Paper>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="by-source-title">
              <Title order={3} size="h5" id="by-source-title" mb="xs">
                Reviews from requests by source
              </Title>
              {data.by_source.length === 0 ? (
                <Text size="sm" c="gray.7">
                  No reviews from requests in this date range.
                </Text>
              ) : (
                <Table aria-labelledby="by-source-title" data-testid="by-source">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Source</Table.Th>
                      <Table.Th scope="col">Reviews</Table.Th>
                      <Table.Th scope="col">Average rating</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.by_source.map((s) => (
                      <Table.Tr key={s.source_id}>
                        <Table.Td>{s.name}</Table.Td>
                        <Table.Td>{num(s.reviews)}</Table.Td>
                        <Table.Td>{rating(s.average_rating)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Paper>
            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="by-location-title">
              <Title order={3} size="h5" id="by-location-title" mb="xs">
                By location
              </Title>
              {data.by_location.length === 0 ? (
                <Text size="sm" c="gray.7">
                  No requests or reviews by location in this date range.
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={420} mah={420}>
                  <Table aria-labelledby="by-location-title" data-testid="by-location" stickyHeader>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">Location</Table.Th>
                        <Table.Th scope="col">Sent</Table.Th>
                        <Table.Th scope="col">Completed</Table.Th>
                        <Table.Th scope="col">Reviews</Table.Th>
                        <Table.Th scope="col">Average rating</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.by_location.map((l) => (
                        <Table.Tr key={l.location_id}>
                          <Table.Td>{l.name}</Table.Td>
                          <Table.Td>{num(l.sent)}</Table.Td>
                          <Table.Td>{num(l.completed)}</Table.Td>
                          <Table.Td>{num(l.reviews)}</Table.Td>
                          <Table.Td>{rating(l.average_rating)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Paper>
          </SimpleGrid>
        </>
      ) : null}
    </Stack>
  );
}
