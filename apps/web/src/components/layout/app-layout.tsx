import { Burger, Drawer } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { type KeyboardEvent, type PointerEvent, Suspense, useEffect, useRef, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { useSignedInSession } from "../../lib/session";
import { ScheduleExportMount } from "../schedule-export/mount";
import { ErrorBoundary } from "../shell/error-boundary";
import { PageLoader } from "../shell/page-loader";
import classes from "./app-layout.module.css";
import { FilterBarSlot } from "./filter-bar-slot";
import { ImpersonationBanner } from "./impersonation-banner";
import { LeftNav } from "./left-nav";
import { ScrollToTop } from "./scroll-to-top";
import { StagingBanner } from "./staging-banner";
import { TrialBanner } from "./trial-banner";
import { MOBILE_BREAKPOINT, NAV_WIDTH_MAX, NAV_WIDTH_MIN, useNavState } from "./use-nav-state";

/** The signed-in shell: left navigation (or the mobile one), banners, the filter-bar slot and the page. */
export function AppLayout() {
  const session = useSignedInSession();
  const nav = useNavState();
  const { pathname } = useLocation();
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`, false, { getInitialValueInEffect: false });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const dragStart = useRef<{ x: number; width: number } | null>(null);

  useEffect(() => {
    if (pathname) setDrawerOpen(false);
  }, [pathname]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    dragStart.current = { x: event.clientX, width: nav.openWidth };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragStart.current) return;
    nav.setWidth(dragStart.current.width + event.clientX - dragStart.current.x);
  };
  const onResizeKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "ArrowLeft") nav.setWidth(nav.openWidth - 8);
    if (event.key === "ArrowRight") nav.setWidth(nav.openWidth + 8);
  };

  return (
    <>
      <a href="#main-content" className={classes.skip}>
        Skip to content
      </a>
      <ScrollToTop />
      <div className={classes.root}>
        {!mobile && (
          <div className={classes.sidebar} style={{ width: nav.width }} data-testid="sidebar">
            <LeftNav variant="desktop" state={nav} />
            {!nav.collapsed && (
              // biome-ignore lint/a11y/useSemanticElements: a focusable window splitter (WAI-ARIA pattern); <hr> cannot take focus or keys
              <div
                className={classes.resizer}
                role="separator"
                tabIndex={0}
                aria-orientation="vertical"
                aria-label="Resize navigation"
                aria-valuemin={NAV_WIDTH_MIN}
                aria-valuemax={NAV_WIDTH_MAX}
                aria-valuenow={nav.openWidth}
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={() => {
                  dragStart.current = null;
                }}
                onKeyDown={onResizeKey}
              />
            )}
          </div>
        )}
        <div className={classes.content}>
          {mobile && (
            <header className={classes.mobileBar}>
              <Burger
                opened={drawerOpen}
                onClick={() => setDrawerOpen((o) => !o)}
                color="white"
                size="sm"
                aria-label={drawerOpen ? "Close navigation" : "Open navigation"}
              />
              <span>{session.whitelabel?.name ?? "★ Starboard"}</span>
            </header>
          )}
          <StagingBanner />
          <ImpersonationBanner session={session} />
          <TrialBanner session={session} />
          <main id="main-content" className={classes.page} tabIndex={-1}>
            <FilterBarSlot />
            <ErrorBoundary resetKey={pathname}>
              <Suspense fallback={<PageLoader />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </main>
        </div>
      </div>
      <ScheduleExportMount />
      {mobile && (
        <Drawer
          opened={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={256}
          padding={0}
          withCloseButton={false}
          title="Navigation"
          // The navigation fills the drawer's whole height (the content and body are flex columns).
          classNames={{ content: classes.drawerContent, header: classes.drawerHeader, body: classes.drawerBody }}
          data-testid="mobile-nav-drawer"
        >
          <LeftNav variant="mobile" onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
    </>
  );
}
