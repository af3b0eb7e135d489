import { MantineProvider } from "@mantine/core";
import type { TSession } from "@starboard/contract/auth";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ImpersonationBanner } from "./impersonation-banner";

const session = {
  email: "owner@customer.test",
  name: "Olive Owner",
  is_impersonated: true,
  impersonated_by: "ops@provider.test",
  expires_at: "2026-11-24T10:00:00Z",
  account: { name: "Customer Diner" },
} as TSession;

const render = (s: TSession | null) =>
  renderToStaticMarkup(
    <MantineProvider>
      <ImpersonationBanner session={s} />
    </MantineProvider>,
  );

describe("ImpersonationBanner", () => {
  it("says whose view this is and which operator is looking, in an impersonated session", () => {
    const html = render(session);
    expect(html).toContain('data-testid="impersonation-banner"');
    expect(html).toContain(
      "Viewing as Olive Owner (owner@customer.test) in Customer Diner: ops@provider.test (operator).",
    );
    expect(html).toContain("audit log");
  });

  it("shows nothing in a normal session", () => {
    expect(render({ ...session, is_impersonated: false, impersonated_by: null })).not.toContain("impersonation-banner");
    expect(render(null)).not.toContain("impersonation-banner");
  });
});
