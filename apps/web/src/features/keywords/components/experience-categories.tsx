import "@mantine/core/styles/Skeleton.css";
import { Anchor, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { INSIGHTS_MESSAGES, type TCategoryInsight } from "@starboard/contract/insights";
import { Link } from "react-router";
import { percentText } from "./insights-query";

/**
 * The Experience Categories block of the keywords page (docs/product/reviews.md §2, §6: shown with the
 * experience_analysis setting): each category's positive percent (the rounded share), linking to
 * /dashboard/keywords/categories?category={lowercase category} with the current filters.
 */
export function ExperienceCategories({
  categories,
  pending,
  failed,
  linkTo,
}: {
  categories: TCategoryInsight[] | undefined;
  pending: boolean;
  failed: boolean;
  linkTo: (category: string) => string;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="experience-categories-title">
      <Title order={2} size="h4" mb="sm" id="experience-categories-title">
        Experience Categories
      </Title>
      {pending ? (
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} role="status" aria-label="Loading Experience Categories">
          {[1, 2, 3, 4].map((n) => (
            <Skeleton key={n} height={72} />
          ))}
        </SimpleGrid>
      ) : failed ? (
        <Text c="red.8" size="sm" role="alert">
          {INSIGHTS_MESSAGES.categoriesError}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} data-testid="experience-categories">
          {(categories ?? []).map((c) => (
            <Anchor
              key={c.category}
              component={Link}
              to={linkTo(c.category)}
              underline="never"
              c="inherit"
              data-testid={`category-${c.category}`}
            >
              <Paper withBorder p="sm" h="100%">
                <Stack gap={4}>
                  <Text fw={600} size="sm">
                    {c.label}
                  </Text>
                  <Text size="xl" fw={700} c={c.positive_percent === null ? "dimmed" : undefined}>
                    {percentText(c.positive_percent)}
                  </Text>
                  <Progress value={c.positive_percent ?? 0} color="teal.7" size="sm" aria-hidden />
                  <Text size="xs" c="dimmed">
                    {`positive of ${c.total_count} ${c.total_count === 1 ? "review" : "reviews"}`}
                  </Text>
                </Stack>
              </Paper>
            </Anchor>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
