import { Group, Text } from "@mantine/core";
import { IconStar, IconStarFilled } from "@tabler/icons-react";

/** Five stars, the rating's filled; a review without stars shows its recommendation or "No rating". */
export function ReviewStars({ rating, recommendation }: { rating: number | null; recommendation?: string | null }) {
  if (!rating) {
    return (
      <Text size="sm" c="dimmed">
        {recommendation ? `Recommendation: ${recommendation}` : "No rating"}
      </Text>
    );
  }
  return (
    <Group gap={1} role="img" aria-label={`${rating} out of 5 stars`} wrap="nowrap">
      {[1, 2, 3, 4, 5].map((n) =>
        n <= rating ? (
          <IconStarFilled key={n} size={16} color="var(--mantine-color-yellow-7)" aria-hidden />
        ) : (
          <IconStar key={n} size={16} color="var(--mantine-color-gray-6)" aria-hidden />
        ),
      )}
    </Group>
  );
}
