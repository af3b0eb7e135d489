/**
 * Toasts (docs/product/platform.md §3 "Alert/toast", §4 "Toasts", §8, §9) on @mantine/notifications.
 * Levels alert, info and success; default duration 4000 ms (overridable by a setting), 120 ms fade;
 * a duration of 0 or less keeps the toast until it is closed with its button, Enter or Escape.
 *
 * The shell mounts `<Notifications {...TOAST_HOST_PROPS} />` once.
 */
import { notifications } from "@mantine/notifications";
import { MESSAGES } from "@starboard/contract/errors";
import { createElement, type KeyboardEvent, type ReactNode } from "react";
import { ToastMessage } from "../components/common/toast-message.tsx";
import { ApiError } from "./api.ts";

export type TToastLevel = "alert" | "info" | "success";
export type TToastAction = { text: string; href?: string; click?: () => void };
export type TToast = {
  id?: string;
  level?: TToastLevel;
  message: ReactNode;
  /** Milliseconds; 0 or less stays until closed. Defaults to the default duration. */
  duration?: number;
  action?: TToastAction;
  /** Replaces the message body entirely. */
  customNode?: ReactNode;
};

export const TOAST_DEFAULT_DURATION_MS = 4000;
export const TOAST_FADE_MS = 120;
/** Success notifications that the spec times (saved filter, scheduled export). */
export const TOAST_SUCCESS_DURATION_MS = 5000;
export const GENERIC_ERROR_MESSAGE: string = MESSAGES.genericAction;

/** Props for the one `<Notifications>` host the shell renders. */
export const TOAST_HOST_PROPS = { transitionDuration: TOAST_FADE_MS, autoClose: TOAST_DEFAULT_DURATION_MS } as const;

let defaultDuration = TOAST_DEFAULT_DURATION_MS;

/** The setting that overrides the default duration (null restores 4000 ms). */
export function setDefaultToastDuration(ms: number | null) {
  defaultDuration = ms ?? TOAST_DEFAULT_DURATION_MS;
}

const LEVEL_COLOR: Record<TToastLevel, string> = { alert: "red", info: "blue", success: "green" };

let sequence = 0;

/** Shows a toast and returns its id. */
export function toast(input: TToast): string {
  const id = input.id ?? `toast-${++sequence}`;
  const level = input.level ?? "info";
  const duration = input.duration ?? defaultDuration;
  const close = () => notifications.hide(id);
  notifications.show({
    id,
    color: LEVEL_COLOR[level],
    message: input.customNode ?? messageWithAction(input.message, input.action, close),
    autoClose: duration > 0 ? duration : false,
    withCloseButton: true,
    closeButtonProps: { "aria-label": "Close" },
    role: level === "alert" ? "alert" : "status",
    tabIndex: 0,
    "data-level": level,
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.key === "Enter" || event.key === "Escape") close();
    },
  });
  return id;
}

function messageWithAction(message: ReactNode, action: TToastAction | undefined, close: () => void): ReactNode {
  return action ? createElement(ToastMessage, { message, action, onClose: close }) : message;
}

export const toastAlert = (message: ReactNode, options: Omit<TToast, "message" | "level"> = {}) =>
  toast({ ...options, message, level: "alert" });
export const toastInfo = (message: ReactNode, options: Omit<TToast, "message" | "level"> = {}) =>
  toast({ ...options, message, level: "info" });
export const toastSuccess = (message: ReactNode, options: Omit<TToast, "message" | "level"> = {}) =>
  toast({ ...options, message, level: "success" });
export const closeToast = (id: string) => notifications.hide(id);

/** The server's error text, or the error's message; null when there is none. */
export function serverErrorText(error: unknown): string | null {
  if (error instanceof ApiError || error instanceof Error) return error.message.trim() || null;
  if (typeof error === "string") return error.trim() || null;
  if (error && typeof error === "object") {
    const body = error as { error?: unknown; message?: unknown };
    const text = typeof body.error === "string" ? body.error : typeof body.message === "string" ? body.message : null;
    return text?.trim() || null;
  }
  return null;
}

/** The alert text for a failed request: "<prefix>: <server error>", the server error, the prefix, or the fallback. */
export function requestErrorMessage(error: unknown, prefix?: string): string {
  const text = serverErrorText(error);
  if (prefix && text) return `${prefix}: ${text}`;
  return text ?? prefix ?? GENERIC_ERROR_MESSAGE;
}

/** Failures that show no alert: 401 logs out silently, and aborted requests were cancelled on purpose. */
function isSilent(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 401;
  return error instanceof DOMException && error.name === "AbortError";
}

/** Shows the alert for a failed request without rethrowing (for query errors). */
export function showRequestError(error: unknown, prefix?: string): void {
  if (!isSilent(error)) toastAlert(requestErrorMessage(error, prefix));
}

/** Shows the alert for a failed request, then rethrows (docs/product/platform.md §7 "Answers"): `.catch((e) => notifyRequestError(e))`. */
export function notifyRequestError(error: unknown, prefix?: string): never {
  showRequestError(error, prefix);
  throw error;
}

/** Awaits a request, alerting and rethrowing on failure. */
export function withErrorToast<T>(promise: Promise<T>, prefix?: string): Promise<T> {
  return promise.catch((error: unknown) => notifyRequestError(error, prefix));
}
