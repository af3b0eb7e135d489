import { userRoutes } from "@starboard/contract/routes/users";
import type { TUserCreate } from "@starboard/contract/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** POST /users: adds a user (without a password, the user is e-mailed a link to choose one). */
export function createUser(body: TUserCreate) {
  return call(userRoutes.createUser, { body });
}

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => qc.invalidateQueries({ queryKey: ["users"] }),
  });
}
