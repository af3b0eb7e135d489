import { useMutation } from "@tanstack/react-query";
import { request } from "../../../lib/api";

export const UNSUBSCRIBE_KINDS = ["alerts", "requests", "scheduled_exports"] as const;
export type TUnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

/** POST /unsubscribe/{kind}/{id}: answers { message }. */
export function unsubscribe(kind: TUnsubscribeKind, id: string) {
  return request<{ message: string }>("POST", `/unsubscribe/${kind}/${encodeURIComponent(id)}`, { anonymous: true });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: ({ kind, id }: { kind: TUnsubscribeKind; id: string }) => unsubscribe(kind, id) });
}
