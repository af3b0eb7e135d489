import type { TAccount } from "@starboard/contract/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export function updateAccount({ id, ...body }: { id: string; name: string; time_zone: string }) {
  return api.patch<TAccount>(`/accounts/${encodeURIComponent(id)}`, body);
}

export function useUpdateAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (account) => qc.setQueryData(["account", account.id], account),
  });
}
