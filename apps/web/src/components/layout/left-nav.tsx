import "@mantine/core/styles/Menu.css";
import { Menu, Tooltip } from "@mantine/core";
import type { TSession } from "@starboard/contract/auth";
import {
  IconArrowBackUp,
  IconChevronRight,
  IconHelp,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLifebuoy,
  IconLock,
  IconLockOpen,
  IconLogout,
} from "@tabler/icons-react";
import type { CSSProperties, ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { useGateContext } from "../../lib/authorization";
import { hardNavigate } from "../../lib/base-path";
import { useSession } from "../../lib/session";
import classes from "./left-nav.module.css";
import { activeKeyFor, hrefOf, type NavGroupItem, type NavLinkItem, navFor } from "./nav-items";
import type { NavState } from "./use-nav-state";

/** The provider's help centre; whitelabel accounts show their own support contact instead. */
export const PROVIDER_HELP_URL = "https://github.com/starboard-reviews/starboard#readme";

function whitelabelStyle(session: TSession): CSSProperties {
  const w = session.whitelabel;
  if (!w) return {};
  const vars: Record<string, string> = {};
  if (w.navigation_background_color) vars["--nav-bg"] = w.navigation_background_color;
  if (w.main_text_color) vars["--nav-text"] = w.main_text_color;
  if (w.active_text_color) vars["--nav-active-text"] = w.active_text_color;
  if (w.background_hover_color) vars["--nav-hover-bg"] = w.background_hover_color;
  if (w.hover_text_color) vars["--nav-hover-text"] = w.hover_text_color;
  return vars as CSSProperties;
}

interface LeftNavProps {
  state?: NavState;
  /** The mobile drawer shows the navigation always expanded. */
  variant: "desktop" | "mobile";
  onNavigate?: () => void;
}

export function LeftNav({ state, variant, onNavigate }: LeftNavProps) {
  const { session, isShadowing, isImpersonated, isWhitelabel, logout } = useSession();
  const ctx = useGateContext();
  const location = useLocation();
  if (!session) return null;
  const collapsed = variant === "desktop" && Boolean(state?.collapsed);
  const items = navFor(session, ctx);
  const activeKey = activeKeyFor(items, location.pathname);
  const supportEmail = session.whitelabel?.support_email;
  const showLogout = !isShadowing && !isImpersonated;

  const renderLink = (item: NavLinkItem, sub: boolean) => {
    const current = item.key === activeKey;
    const anchor = (
      <Link
        to={hrefOf(item, location)}
        className={`${classes.item} ${sub ? classes.subitem : ""}`}
        aria-current={current ? "page" : undefined}
        aria-label={collapsed ? item.label : undefined}
        onClick={onNavigate}
        data-nav={item.key}
      >
        {item.icon && <item.icon aria-hidden size={20} stroke={1.6} />}
        {!collapsed && <span className={classes.label}>{item.label}</span>}
      </Link>
    );
    return collapsed ? (
      <Tooltip label={item.label} position="right" withArrow>
        {anchor}
      </Tooltip>
    ) : (
      anchor
    );
  };

  const renderGroup = (group: NavGroupItem) => {
    const containsCurrent = group.items.some((i) => i.key === activeKey);
    if (collapsed) {
      return (
        <Menu position="right-start" withinPortal offset={4} trigger="click-hover">
          <Menu.Target>
            <button type="button" className={classes.item} aria-label={group.label} data-nav-group={group.key}>
              <group.icon aria-hidden size={20} stroke={1.6} />
            </button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{group.label}</Menu.Label>
            {group.items.map((i) => (
              <Menu.Item key={i.key} component={Link} to={hrefOf(i, location)} onClick={onNavigate}>
                {i.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      );
    }
    const open = state?.expanded[group.key] ?? containsCurrent;
    const listId = `nav-group-${group.key}`;
    const expanded = open;
    return (
      <>
        <button
          type="button"
          className={classes.item}
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => state?.toggleGroup(group.key, !open)}
          data-nav-group={group.key}
        >
          <group.icon aria-hidden size={20} stroke={1.6} />
          <span className={classes.label}>{group.label}</span>
          <IconChevronRight aria-hidden size={16} className={`${classes.chevron} ${open ? classes.chevronOpen : ""}`} />
        </button>
        {expanded && (
          <ul id={listId} className={classes.sublist}>
            {group.items.map((i) => (
              <li key={i.key}>{renderLink(i, true)}</li>
            ))}
          </ul>
        )}
      </>
    );
  };

  const footerAction = (
    key: string,
    label: string,
    icon: ReactNode,
    props: { href?: string; onClick?: () => void },
  ) => {
    const content = (
      <>
        {icon}
        {!collapsed && <span className={classes.label}>{label}</span>}
      </>
    );
    const element = props.href ? (
      <a
        key={key}
        className={classes.item}
        href={props.href}
        aria-label={collapsed ? label : undefined}
        target="_blank"
        rel="noreferrer"
      >
        {content}
      </a>
    ) : (
      <button
        key={key}
        type="button"
        className={classes.item}
        onClick={props.onClick}
        aria-label={collapsed ? label : undefined}
        data-nav={key}
      >
        {content}
      </button>
    );
    return collapsed ? (
      <Tooltip key={key} label={label} position="right" withArrow>
        {element}
      </Tooltip>
    ) : (
      element
    );
  };

  return (
    <nav
      aria-label="Main navigation"
      className={`${classes.nav} ${collapsed ? classes.collapsed : ""}`}
      style={whitelabelStyle(session)}
      data-collapsed={collapsed}
    >
      <div className={classes.brand}>
        {session.whitelabel?.logo_left ? (
          <img className={classes.logo} src={session.whitelabel.logo_left} alt={session.whitelabel.name ?? "Logo"} />
        ) : (
          <span>{collapsed ? "★" : "★ Starboard"}</span>
        )}
      </div>
      {!collapsed && <div className={classes.account}>{session.account.name}</div>}
      {isShadowing &&
        footerAction("back-to-parent", "Back to parent account", <IconArrowBackUp aria-hidden size={20} />, {
          onClick: () => hardNavigate("/accounts"),
        })}
      <ul className={classes.list}>
        {items.map((item) => (
          <li key={item.key}>{item.kind === "group" ? renderGroup(item) : renderLink(item, false)}</li>
        ))}
      </ul>
      <div className={classes.footer}>
        {isWhitelabel
          ? supportEmail &&
            footerAction("support", `Support: ${supportEmail}`, <IconLifebuoy aria-hidden size={20} />, {
              href: `mailto:${supportEmail}`,
            })
          : footerAction("help", "Help", <IconHelp aria-hidden size={20} />, { href: PROVIDER_HELP_URL })}
        {showLogout &&
          footerAction("logout", "Log Out", <IconLogout aria-hidden size={20} />, {
            onClick: () => void logout(),
          })}
        {variant === "desktop" && state && (
          <div className={classes.controls}>
            <button
              type="button"
              className={classes.controlButton}
              onClick={() => state.setLocked(!state.locked)}
              aria-pressed={state.locked}
              aria-label={state.locked ? "Unlock navigation" : "Lock navigation"}
              title={state.locked ? "Unlock navigation" : "Lock navigation"}
            >
              {state.locked ? <IconLock aria-hidden size={18} /> : <IconLockOpen aria-hidden size={18} />}
            </button>
            <button
              type="button"
              className={classes.controlButton}
              onClick={() => state.setCollapsed(!state.collapsed)}
              disabled={state.locked}
              aria-label={state.collapsed ? "Expand navigation" : "Collapse navigation"}
              title={state.collapsed ? "Expand navigation" : "Collapse navigation"}
              data-nav="collapse-toggle"
            >
              {state.collapsed ? (
                <IconLayoutSidebarLeftExpand aria-hidden size={18} />
              ) : (
                <IconLayoutSidebarLeftCollapse aria-hidden size={18} />
              )}
            </button>
          </div>
        )}
      </div>
    </nav>
  );
}
