import "@mantine/core/styles/Skeleton.css";
import { Group, Paper, Skeleton, Stack } from "@mantine/core";

/** Placeholder cards while the list loads. */
export function ReviewListSkeleton({ count = 4 }: { count?: number }) {
  return (
    <Stack gap="md" role="status" aria-label="Loading reviews" data-testid="reviews-loading">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Paper key={i} withBorder p="md">
          <Group gap="sm" mb="sm">
            <Skeleton height={32} width={32} radius="sm" />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={12} width="30%" />
              <Skeleton height={10} width="45%" />
            </Stack>
          </Group>
          <Skeleton height={10} mb={6} />
          <Skeleton height={10} mb={6} />
          <Skeleton height={10} width="70%" />
        </Paper>
      ))}
    </Stack>
  );
}
