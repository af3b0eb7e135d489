/** A user as GET /users answers it. */
export interface TUser {
  id: string;
  email: string;
  name: string;
  user_type_id: number;
  user_type: string;
  profile_name?: string | null;
  is_account_owner: boolean;
  status: string;
  created_at: string;
}

export interface TUserType {
  id: number;
  name: string;
  code?: string;
}
