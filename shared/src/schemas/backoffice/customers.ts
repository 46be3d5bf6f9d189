/** Customers (forms and request bodies, list query, answers). */
import { z } from 'zod';
import {
  LIMITS,
  createListQuerySchema,
  emailSchema,
  englishMessages,
  integerSchema,
  phoneSchema,
  textSchema,
  type ValidationMessages,
} from './common';

export function createCustomerSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    name: textSchema(m, LIMITS.nameMax, { required: true }),
    email: emailSchema(m),
    phone: phoneSchema(m),
    notes: textSchema(m, LIMITS.notesMax, { multiline: true }),
    points: integerSchema(m, { min: 0, max: LIMITS.pointsMax }),
  });
}

export const customerInputSchema = createCustomerSchema();
export type CustomerInput = z.output<typeof customerInputSchema>;

export const CUSTOMER_SORTS = ['name', 'email', 'phone', 'points', 'totalSpent'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const customerListQuerySchema = createListQuerySchema(CUSTOMER_SORTS);

export interface Customer {
  id: number;
  name: string;
  email: string;
  phone: string;
  notes: string;
  points: number;
  totalSpent: number;
  updatedAt: number;
}
