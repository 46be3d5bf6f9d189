/*
 * Modifier groups (Products › Modifiers): how many choices of a group an item takes. One rule for
 * the storefront's item card, the server's pricing of an online order and the documentation of the
 * device API. Dependency-free, so the storefront bundles it without the back-office schemas.
 */

export interface ModifierChoice {
  id: number;
  name: string;
  priceCents: number;
}

export interface ModifierGroupRule {
  id: number;
  name: string;
  /** 0: optional. Never above maxChoices. */
  minChoices: number;
  /** At least 1, at most the number of modifiers. */
  maxChoices: number;
  modifiers: readonly ModifierChoice[];
}

/** How a group's rule reads: "choose 1", "choose up to 3", "choose 1 to 2", "optional, 1 at most". */
export type ChoiceRule =
  { kind: 'exactly'; count: number } | { kind: 'upTo'; max: number } | { kind: 'range'; min: number; max: number };

export function choiceRule(group: Pick<ModifierGroupRule, 'minChoices' | 'maxChoices'>): ChoiceRule {
  if (group.minChoices === group.maxChoices) return { kind: 'exactly', count: group.maxChoices };
  if (group.minChoices === 0) return { kind: 'upTo', max: group.maxChoices };
  return { kind: 'range', min: group.minChoices, max: group.maxChoices };
}

/** The rule in English (the server's 400 answers; the browsers have their own words for it). */
export function describeChoiceRule(group: Pick<ModifierGroupRule, 'minChoices' | 'maxChoices'>): string {
  const rule = choiceRule(group);
  if (rule.kind === 'exactly') return `choose ${rule.count}`;
  if (rule.kind === 'upTo') return `choose up to ${rule.max}`;
  return `choose ${rule.min} to ${rule.max}`;
}

export type ChoiceProblem =
  | { kind: 'unknown'; modifierId: number }
  | { kind: 'repeated'; modifierId: number }
  | { kind: 'count'; groupId: number; chosen: number };

/**
 * What is wrong with choosing `modifierIds` for an item that has `groups` (none: an empty list):
 * ids that are not modifiers of these groups, an id twice, or a group with fewer choices than its
 * minimum or more than its maximum (required groups count even when nothing of them was chosen).
 */
export function checkModifierChoice(
  groups: readonly ModifierGroupRule[],
  modifierIds: readonly number[],
): ChoiceProblem[] {
  const groupOf = new Map<number, number>();
  for (const g of groups) for (const m of g.modifiers) groupOf.set(m.id, g.id);
  const problems: ChoiceProblem[] = [];
  const seen = new Set<number>();
  const counts = new Map<number, number>();
  for (const id of modifierIds) {
    const group = groupOf.get(id);
    if (group === undefined) problems.push({ kind: 'unknown', modifierId: id });
    else if (seen.has(id)) problems.push({ kind: 'repeated', modifierId: id });
    else counts.set(group, (counts.get(group) ?? 0) + 1);
    seen.add(id);
  }
  for (const g of groups) {
    const chosen = counts.get(g.id) ?? 0;
    if (chosen < g.minChoices || chosen > g.maxChoices) problems.push({ kind: 'count', groupId: g.id, chosen });
  }
  return problems;
}

/** The chosen modifiers in the order of the groups and of each group (as a receipt lists them). */
export function chosenModifiers(
  groups: readonly ModifierGroupRule[],
  modifierIds: readonly number[],
): ModifierChoice[] {
  const wanted = new Set(modifierIds);
  return groups.flatMap((g) => g.modifiers.filter((m) => wanted.has(m.id)));
}
