import "@mantine/core/styles/List.css";
import "@mantine/core/styles/ThemeIcon.css";
import { Button, CloseButton, Group, List, Paper, Stack, Text, ThemeIcon, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { TSetupProgress } from "@starboard/contract/accounts";
import type { TSession } from "@starboard/contract/auth";
import { can } from "@starboard/contract/permissions";
import { IconCircleCheck, IconCircleDashed, IconRocket } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { Link, useLocation } from "react-router";
import { readCookie, writeCookie } from "../../lib/cookies";
import { useSetupProgress } from "./api/get-setup-progress";

/** docs/product/locations.md §4 "Trial banner", §9: dismissal cookie 30 days, mobile below 730 px, image from 890 px. */
export const TRIAL_BANNER_COOKIE_DAYS = 30;
export const TRIAL_BANNER_MOBILE_MAX = 729;
export const TRIAL_BANNER_IMAGE_MIN = 890;
export const UPGRADE_PATH = "/settings/billing/edit";

export const trialBannerCookie = (accountId: string) => `trialBannerDismissed-${accountId}`;

/**
 * Whether the banner shows on this path (dismissal aside): the server decides whether the session gets
 * it at all (`session.trial.banner`); the client only keeps it off the request-reviews pages.
 */
export function trialBannerApplies(session: TSession, pathname: string): boolean {
  if (!session.trial.banner) return false;
  return !(pathname === "/request-reviews" || pathname.startsWith("/request-reviews/"));
}

export function daysLeftText(days: number | null): string | null {
  if (days === null || days < 0) return null;
  if (days === 0) return "Your trial ends today";
  return days === 1 ? "1 day left in your trial" : `${days} days left in your trial`;
}

const CHECKLIST: { key: keyof Omit<TSetupProgress, "stage">; label: string }[] = [
  { key: "google_url_scanned", label: "Scan your Google listing" },
  { key: "responses_exist", label: "Respond to a review" },
  { key: "ask_campaigns_exist", label: "Ask customers for reviews" },
  { key: "facebook_integration_exists", label: "Connect Facebook" },
  { key: "multiple_users_in_account_exists", label: "Invite a teammate" },
];

export function TrialBanner({ session }: { session: TSession }) {
  const { pathname } = useLocation();
  const accountId = session.account_id;
  const [dismissed, setDismissed] = useState(() => readCookie(trialBannerCookie(accountId)) === "true");
  const applies = trialBannerApplies(session, pathname) && !dismissed;
  const progress = useSetupProgress(accountId, applies);
  const mobile = useMediaQuery(`(max-width: ${TRIAL_BANNER_MOBILE_MAX}px)`);
  const wide = useMediaQuery(`(min-width: ${TRIAL_BANNER_IMAGE_MIN}px)`);
  if (!applies || !progress.data) return null;

  const stage = progress.data.stage;
  // Upgrading is a billing change: offered to whoever the permission summary lets change billing.
  const canUpgrade = can(session.permissions, "update", "billing");
  const days = daysLeftText(session.trial.days_left);
  const dismiss = () => {
    writeCookie(trialBannerCookie(accountId), "true", TRIAL_BANNER_COOKIE_DAYS);
    setDismissed(true);
  };

  let title: string;
  let body: ReactNode;
  if (stage === 1) {
    title = "We're fetching your reviews";
    body = <Text size="sm">While your account is being set up, reviews come from a limited set of sources.</Text>;
  } else if (stage === 2) {
    title = days ?? "Get the most out of your trial";
    body = (
      <List spacing={4} size="sm" center>
        {CHECKLIST.map((item) => {
          const done = progress.data[item.key];
          return (
            <List.Item
              key={item.key}
              icon={
                <ThemeIcon color={done ? "teal" : "gray"} size={18} radius="xl" variant={done ? "filled" : "light"}>
                  {done ? <IconCircleCheck aria-hidden size={14} /> : <IconCircleDashed aria-hidden size={14} />}
                </ThemeIcon>
              }
            >
              {item.label}
              <VisuallyHidden>{done ? " (done)" : " (to do)"}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    );
  } else {
    title = "Get reviews from more sources";
    body = (
      <Text size="sm">Upgrade to collect reviews from every site your customers use.{days ? ` ${days}.` : ""}</Text>
    );
  }

  return (
    <Paper
      component="section"
      aria-label="Trial"
      withBorder
      radius={0}
      p="md"
      bg="indigo.0"
      data-testid="trial-banner"
      data-stage={stage}
      data-layout={mobile ? "mobile" : "desktop"}
    >
      <Group
        align={mobile ? "stretch" : "center"}
        wrap={mobile ? "wrap" : "nowrap"}
        gap="md"
        style={{ flexDirection: mobile ? "column" : "row" }}
      >
        {wide && (
          <ThemeIcon size={56} radius="md" variant="light" color="indigo" aria-hidden>
            <IconRocket size={32} />
          </ThemeIcon>
        )}
        <Stack gap={6} style={{ flex: 1 }}>
          <Text fw={700}>{title}</Text>
          {body}
        </Stack>
        <Group gap="xs" justify={mobile ? "space-between" : "flex-end"} wrap="nowrap">
          {canUpgrade && stage >= 2 && (
            <Button component={Link} to={UPGRADE_PATH} size="sm" color="indigo">
              Upgrade
            </Button>
          )}
          <CloseButton aria-label="Dismiss trial banner" onClick={dismiss} />
        </Group>
      </Group>
    </Paper>
  );
}
