import { Button, Group, Text } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";

export type ReviewPagerProps = {
  page: number;
  totalPages: number;
  total: number;
  hasPrev: boolean;
  hasNext: boolean;
  onPrev: () => void;
  onNext: () => void;
};

/** Previous / Next over the list's cursors, with the page it landed on. */
export function ReviewPager({ page, totalPages, total, hasPrev, hasNext, onPrev, onNext }: ReviewPagerProps) {
  if (total === 0) return null;
  return (
    <Group justify="space-between" py="md" component="nav" aria-label="Review pages">
      <Button
        variant="default"
        leftSection={<IconChevronLeft size={16} aria-hidden />}
        disabled={!hasPrev}
        onClick={onPrev}
      >
        Previous
      </Button>
      <Text size="sm" c="dimmed" data-testid="review-page">
        Page {page} of {Math.max(1, totalPages)}
      </Text>
      <Button
        variant="default"
        rightSection={<IconChevronRight size={16} aria-hidden />}
        disabled={!hasNext}
        onClick={onNext}
      >
        Next
      </Button>
    </Group>
  );
}
