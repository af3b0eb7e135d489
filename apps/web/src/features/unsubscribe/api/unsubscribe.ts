import { unsubscribeRoutes } from "@starboard/contract/routes/unsubscribe";
import type { TUnsubscribeKind } from "@starboard/contract/system";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** POST /unsubscribe/{kind}/{token}: answers { message }. */
export function unsubscribe(kind: TUnsubscribeKind, token: string) {
  return call(unsubscribeRoutes.unsubscribe, { params: { kind, token } }, { anonymous: true });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: ({ kind, id }: { kind: TUnsubscribeKind; id: string }) => unsubscribe(kind, id) });
}
