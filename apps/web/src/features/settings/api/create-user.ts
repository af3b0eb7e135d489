import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { TUser } from "./types";

export interface CreateUserInput {
  email: string;
  name: string;
  user_type_id: number;
  password?: string;
}

export function createUser(input: CreateUserInput) {
  return api.post<TUser>("/users", input);
}

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => qc.invalidateQueries({ queryKey: ["users"] }),
  });
}
