import { z } from 'zod';
import { ORDERING_LIMITS } from '@hive/shared/schemas/ordering';

/**
 * The cart of one store, kept in localStorage under `hive_ordering_cart_<slug>`. Prices here are for
 * display only: the server prices the order from the catalog. Stored data is read defensively:
 * anything corrupt or wrongly shaped is discarded (and removed), never thrown. Version 2: lines carry
 * modifiers (of the item's modifier groups); a version-1 cart held item options whose ids are gone,
 * so it is discarded like any other unknown shape.
 */
export const CART_KEY_PREFIX = 'hive_ordering_cart_';
export const cartKey = (slug: string) => `${CART_KEY_PREFIX}${slug}`;

const lineSchema = z.object({
  key: z.string().max(200),
  itemId: z.number().int().positive(),
  name: z.string().max(200),
  modifierIds: z.array(z.number().int().positive()).max(ORDERING_LIMITS.maxModifiers),
  modifierNames: z.array(z.string().max(200)).max(ORDERING_LIMITS.maxModifiers),
  unitPriceCents: z.number().int().min(0),
  quantity: z.number().int().min(1).max(ORDERING_LIMITS.maxQuantity),
});
export type CartLine = z.infer<typeof lineSchema>;

const storedSchema = z.object({ v: z.literal(2), lines: z.array(lineSchema).max(ORDERING_LIMITS.maxLines) });

export function lineKey(itemId: number, modifierIds: number[]): string {
  return `${itemId}:${[...modifierIds].sort((a, b) => a - b).join(',')}`;
}

export function loadCart(slug: string, storage: Storage = window.localStorage): CartLine[] {
  let raw: string | null = null;
  try {
    raw = storage.getItem(cartKey(slug));
  } catch {
    return [];
  }
  if (raw === null) return [];
  try {
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data.lines;
  } catch {
    // not JSON
  }
  try {
    storage.removeItem(cartKey(slug));
  } catch {
    // storage unavailable
  }
  return [];
}

export function saveCart(slug: string, lines: CartLine[], storage: Storage = window.localStorage): void {
  try {
    if (lines.length === 0) storage.removeItem(cartKey(slug));
    else storage.setItem(cartKey(slug), JSON.stringify({ v: 2, lines }));
  } catch {
    // full or disabled storage: the cart still works for this visit
  }
}

export interface AddInput {
  itemId: number;
  name: string;
  modifierIds: number[];
  /** As the item card lists them (the groups' order). */
  modifierNames: string[];
  unitPriceCents: number;
  quantity?: number;
}

export function addLine(lines: CartLine[], input: AddInput): CartLine[] {
  const key = lineKey(input.itemId, input.modifierIds);
  const quantity = input.quantity ?? 1;
  const existing = lines.find((l) => l.key === key);
  if (existing) {
    return lines.map((l) =>
      l.key === key
        ? {
            ...l,
            quantity: Math.min(ORDERING_LIMITS.maxQuantity, l.quantity + quantity),
            unitPriceCents: input.unitPriceCents,
          }
        : l,
    );
  }
  if (lines.length >= ORDERING_LIMITS.maxLines) return lines;
  return [
    ...lines,
    {
      key,
      itemId: input.itemId,
      name: input.name,
      modifierIds: [...input.modifierIds].sort((a, b) => a - b),
      modifierNames: input.modifierNames,
      unitPriceCents: input.unitPriceCents,
      quantity: Math.min(ORDERING_LIMITS.maxQuantity, Math.max(1, quantity)),
    },
  ];
}

/** Quantity 0 or less removes the line. */
export function setQuantity(lines: CartLine[], key: string, quantity: number): CartLine[] {
  if (quantity <= 0) return lines.filter((l) => l.key !== key);
  return lines.map((l) =>
    l.key === key ? { ...l, quantity: Math.min(ORDERING_LIMITS.maxQuantity, Math.floor(quantity)) } : l,
  );
}

export const removeLine = (lines: CartLine[], key: string) => lines.filter((l) => l.key !== key);
export const cartCount = (lines: CartLine[]) => lines.reduce((n, l) => n + l.quantity, 0);
export const cartSubtotal = (lines: CartLine[]) => lines.reduce((n, l) => n + l.quantity * l.unitPriceCents, 0);
