import { Tabs } from "@mantine/core";
import "@mantine/core/styles/Tabs.css";
import { lazy, Suspense } from "react";
import { Navigate, Route, Routes, useLocation, useNavigate } from "react-router";
import { PageHeader } from "../../../components/shell/page-header";
import { PageLoader } from "../../../components/shell/page-loader";

const Overview = lazy(() => import("./overview"));
const Campaigns = lazy(() => import("./campaigns"));
const Templates = lazy(() => import("./templates"));
const Customers = lazy(() => import("./customers"));
const Microsurveys = lazy(() => import("./microsurveys"));
const MicrosurveySummary = lazy(() => import("./microsurvey-summary"));
const LandingPages = lazy(() => import("./landing-pages"));
const Kiosks = lazy(() => import("./kiosks"));
const Settings = lazy(() => import("./settings"));

/** The ask tool's sections (reviews.md §2: /request-reviews, overview the default; layouts ours). */
const SECTIONS = [
  { path: "overview", label: "Overview" },
  { path: "campaigns", label: "Campaigns" },
  { path: "templates", label: "Templates" },
  { path: "customers", label: "Customers" },
  { path: "microsurveys", label: "Microsurveys" },
  { path: "landing-pages", label: "Landing pages" },
  { path: "kiosks", label: "Kiosks" },
  { path: "settings", label: "Settings" },
] as const;

/**
 * /request-reviews/*: the heading (h1), the section tabs and each section's page, loaded when opened.
 * A section's own title is an h2.
 */
export default function RequestReviewsRoute() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = SECTIONS.find((s) => pathname.includes(`/request-reviews/${s.path}`))?.path ?? null;
  // Absolute, so a tab goes to its section from any depth (also under a shadowed child's /as/{id} prefix).
  const base = pathname.slice(0, pathname.indexOf("/request-reviews") + "/request-reviews".length);
  return (
    <>
      <PageHeader title="Request Reviews" />
      <Tabs value={current} onChange={(v) => v && navigate(`${base}/${v}`)} mb="md" keepMounted={false}>
        <Tabs.List aria-label="Request Reviews sections">
          {SECTIONS.map((s) => (
            <Tabs.Tab key={s.path} value={s.path}>
              {s.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route index element={<Navigate to="overview" replace />} />
          <Route path="overview" element={<Overview />} />
          <Route path="campaigns/*" element={<Campaigns />} />
          <Route path="templates/*" element={<Templates />} />
          <Route path="customers/*" element={<Customers />} />
          <Route path="microsurveys" element={<Microsurveys />} />
          <Route path="microsurveys/:resourceId/summaries" element={<MicrosurveySummary />} />
          <Route path="landing-pages" element={<LandingPages />} />
          <Route path="kiosks" element={<Kiosks />} />
          <Route path="settings" element={<Settings />} />
        </Routes>
      </Suspense>
    </>
  );
}
