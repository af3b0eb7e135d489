import type { TAccountUpdate } from "@starboard/contract/accounts";
import { accountRoutes } from "@starboard/contract/routes/accounts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** PATCH /accounts/{id}: the name and time zone. */
export function updateAccount({ id, ...body }: TAccountUpdate & { id: string }) {
  return call(accountRoutes.updateAccount, { params: { id }, body });
}

export function useUpdateAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (account) => qc.setQueryData(["account", account.id], account),
  });
}
