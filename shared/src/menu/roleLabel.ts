const LABELS: Readonly<Record<string, string>> = {
  distributors: 'distributors',
  super_admin: 'admin',
  support: 'support',
  billing: 'billing',
  dev_admin: 'dev',
  viewer: 'viewer',
};

/** Admin console header label (SPEC.md 6): known roles mapped, others lowercased, none -> admin. */
export function roleLabel(role: string | { name?: string | null } | null | undefined): string {
  const name = typeof role === 'string' ? role : role?.name;
  if (typeof name !== 'string' || name.trim() === '') return 'admin';
  const key = name.trim().toLowerCase();
  return LABELS[key] ?? key;
}
