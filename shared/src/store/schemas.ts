import * as z from 'zod/mini';

// The reference definition of the user data. The app validates with ./checks.ts (no zod on the
// login path); checks.test.ts proves both agree.

// Extra fields from the server are kept (looseObject); wrong types are rejected.
const roleSchema = z.union([z.string(), z.looseObject({ name: z.string() })]);

const permissionSchema = z.looseObject({
  id_permission: z.union([z.string(), z.number()]),
  description: z.optional(z.nullable(z.string())),
});

export const userSchema = z.looseObject({
  user_id: z.union([z.number(), z.string()]),
  email: z.string(),
  admin: z._default(z.boolean(), false),
  role: z._default(z.nullable(roleSchema), null),
  permissions: z._default(z.array(permissionSchema), []),
});

const licenseSchema = z._default(z.nullable(z.looseObject({ name: z.string() })), null);
const addonsSchema = z._default(z.array(z.string()), []);

/** What `POST /api/auth/usercompany` gives the store. */
export const userDataPayloadSchema = z.object({
  user: userSchema,
  license: licenseSchema,
  addons: addonsSchema,
});

/** The persisted data part under `primary`. */
export const persistedUserDataSchema = z.object({
  user: z.nullable(userSchema),
  license: licenseSchema,
  addons: addonsSchema,
  role: z._default(z.nullable(roleSchema), null),
  error: z._default(z.nullable(z.string()), null),
});
