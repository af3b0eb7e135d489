import { Box, Text } from "@mantine/core";
import { useHealth } from "./api/get-health";

/** Environments that show the staging banner (docs/product/platform.md §2). */
export const STAGING_ENVIRONMENTS = ["staging", "qa", "sandbox"] as const;

export function isStagingEnvironment(environment: string | undefined): boolean {
  return STAGING_ENVIRONMENTS.some((e) => e === environment);
}

export function StagingBanner() {
  const { data } = useHealth();
  if (!isStagingEnvironment(data?.environment)) return null;
  return (
    <Box bg="yellow.3" px="md" py={4} role="region" aria-label="Environment" data-testid="staging-banner">
      <Text size="sm" fw={600} c="dark.9" ta="center">
        {`You are using the ${data?.environment} environment. Changes here do not affect live accounts.`}
      </Text>
    </Box>
  );
}
