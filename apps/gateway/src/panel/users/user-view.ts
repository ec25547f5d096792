export interface UserView {
  id: number;
  name: string;
  email: string;
  is_admin: boolean;
}
