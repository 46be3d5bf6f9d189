// The many-tenants soak's companies (bench/cluster-serve.mjs creates them, bench/lib/soak.mjs uses
// them): "Soak Tenant k", owned by tenant-k@soak.bench.
export const TENANT = {
  name: (k) => `Soak Tenant ${k}`,
  slug: (k) => `soak-tenant-${k}`,
  email: (k) => `tenant-${k}@soak.bench`,
  password: 'hive-soak-2026',
};
