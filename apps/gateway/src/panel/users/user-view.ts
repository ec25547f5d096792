export interface UserView {
  id: number;
  name: string;
  email: string;
  is_admin: boolean;
}

export const USER_COLUMNS = 'id, name, email, is_admin';
