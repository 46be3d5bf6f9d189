export type Role = string | { name: string };

export interface Permission {
  id_permission: string | number;
  description?: string | null;
}

export interface User {
  user_id: number | string;
  email: string;
  admin: boolean;
  /** A plain string in the back-office, `{ name }` in the admin console. */
  role: Role | null;
  permissions: Permission[];
  /** The user's saved UI language (en, es), when the server sent one. */
  language?: string;
}

export interface License {
  name: string;
}

/** The data part of `userData`; exactly what is persisted under `primary`. */
export interface UserDataState {
  user: User | null;
  license: License | null;
  addons: string[];
  role: Role | null;
  error: string | null;
}

export interface UserDataPayload {
  user: User;
  license: License | null;
  addons: string[];
}
