import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@hive/shared/schemas/ordering';
import {
  checkModifierChoice,
  choiceRule,
  chosenModifiers,
  type ModifierGroupRule,
} from '@hive/register-sdk/money';
import type { AddInput } from '../cart';
import { useStaticRender } from '../firstScreen';
import { money } from '../format';
import styles from '../ordering.module.css';

/**
 * A dish of the menu with its modifier groups: a one-choice group as radio buttons ("None" first
 * when it is optional), the others as checkboxes that stop at the group's maximum. Adding to the
 * cart checks each group's minimum (with the same rule as the server) and says which is missing.
 */
export function MenuItemCard({
  item,
  currency,
  onAdd,
  canOrder,
}: {
  item: MenuItem;
  currency: string;
  onAdd(input: AddInput): void;
  canOrder: boolean;
}) {
  const { t, i18n } = useTranslation('ordering');
  const frozen = useStaticRender();
  const [chosen, setChosen] = useState<number[]>([]);
  const [tried, setTried] = useState(false);
  const titleId = useId();
  const groupsRef = useRef<HTMLDivElement>(null);
  const picked = chosenModifiers(item.modifierGroups, chosen);
  const unit = item.priceCents + picked.reduce((sum, m) => sum + m.priceCents, 0);
  const problems = checkModifierChoice(item.modifierGroups, chosen);
  const invalid = new Set(problems.flatMap((p) => (p.kind === 'count' ? [p.groupId] : [])));
  const format = (cents: number) => money(cents, currency, i18n.language);

  const choose = (group: ModifierGroupRule, modifierId: number | null, checked: boolean) =>
    setChosen((current) => {
      const others = current.filter((id) => !group.modifiers.some((m) => m.id === id));
      const mine = current.filter((id) => group.modifiers.some((m) => m.id === id));
      if (group.maxChoices === 1) return modifierId === null ? others : [...others, modifierId];
      return checked && modifierId !== null
        ? [...current, modifierId]
        : [...others, ...mine.filter((id) => id !== modifierId)];
    });

  const add = () => {
    if (problems.length > 0) {
      setTried(true);
      const first = problems.find((p) => p.kind === 'count');
      if (first?.kind === 'count')
        groupsRef.current?.querySelector<HTMLElement>(`[data-group="${first.groupId}"] input`)?.focus();
      return;
    }
    onAdd({
      itemId: item.id,
      name: item.name,
      modifierIds: picked.map((m) => m.id),
      modifierNames: picked.map((m) => m.name),
      unitPriceCents: unit,
    });
    setChosen([]);
    setTried(false);
  };

  return (
    <li className={styles.item} aria-labelledby={titleId}>
      <div className={styles.itemHead}>
        <h3 id={titleId} className={styles.itemName}>
          {item.name}
        </h3>
        <span className={styles.price}>{format(item.priceCents)}</span>
      </div>
      {item.modifierGroups.length > 0 && (
        <div ref={groupsRef} className={styles.groups}>
          {item.modifierGroups.map((group) => (
            <ModifierGroupField
              key={group.id}
              group={group}
              itemId={item.id}
              chosen={chosen}
              showError={tried && invalid.has(group.id)}
              frozen={frozen}
              format={format}
              onChoose={(modifierId, checked) => choose(group, modifierId, checked)}
            />
          ))}
        </div>
      )}
      {canOrder && (
        // The accessible name starts with the visible words ("Add … · $12.00" holds "Add · $12.00"
        // in order), so a speech user saying what they see reaches it; the dish's name is for
        // screen readers only (the card already shows it above).
        <button type="button" className={styles.addButton} onClick={add} disabled={frozen || undefined}>
          {/* One inline run: as separate flex items of the button, the spaces around "·" would collapse. */}
          <span>
            {t('store.add')}
            <span className={styles.visuallyHidden}>{t('store.addFor', { name: item.name })}</span> · {format(unit)}
          </span>
        </button>
      )}
    </li>
  );
}

function ModifierGroupField({
  group,
  itemId,
  chosen,
  showError,
  frozen,
  format,
  onChoose,
}: {
  group: ModifierGroupRule;
  itemId: number;
  chosen: readonly number[];
  showError: boolean;
  frozen: boolean;
  format: (cents: number) => string;
  onChoose: (modifierId: number | null, checked: boolean) => void;
}) {
  const { t } = useTranslation('ordering');
  const id = useId();
  const rule = choiceRule(group);
  const ruleText =
    rule.kind === 'exactly'
      ? t('modifiers.exactly', { count: rule.count })
      : rule.kind === 'upTo'
        ? t('modifiers.upTo', { count: rule.max })
        : t('modifiers.range', { min: rule.min, max: rule.max });
  const mine = group.modifiers.filter((m) => chosen.includes(m.id));
  const single = group.maxChoices === 1;
  const full = mine.length >= group.maxChoices;
  const error = showError
    ? mine.length < group.minChoices
      ? t('modifiers.tooFew', { count: group.minChoices, group: group.name })
      : t('modifiers.tooMany', { count: group.maxChoices, group: group.name })
    : null;
  const label = (name: string, priceCents: number) => (priceCents > 0 ? `${name} (+${format(priceCents)})` : name);
  return (
    <fieldset
      className={styles.options}
      data-group={group.id}
      aria-describedby={`${id}-rule${error ? ` ${id}-error` : ''}`}
      aria-invalid={showError ? true : undefined}
    >
      <legend className={styles.groupName}>{group.name}</legend>
      <span id={`${id}-rule`} className={styles.muted}>
        {ruleText}
      </span>
      {single && group.minChoices === 0 && (
        <label className={styles.option}>
          <input
            type="radio"
            name={`${id}-${itemId}`}
            checked={mine.length === 0}
            disabled={frozen || undefined}
            onChange={() => onChoose(null, true)}
          />
          <span>{t('modifiers.none')}</span>
        </label>
      )}
      {group.modifiers.map((modifier) => {
        const checked = chosen.includes(modifier.id);
        return (
          <label key={modifier.id} className={styles.option}>
            <input
              type={single ? 'radio' : 'checkbox'}
              name={single ? `${id}-${itemId}` : undefined}
              checked={checked}
              disabled={frozen || (!single && !checked && full)}
              onChange={(event) => onChoose(modifier.id, event.target.checked)}
            />
            <span>{label(modifier.name, modifier.priceCents)}</span>
          </label>
        );
      })}
      {error && (
        <span id={`${id}-error`} className={styles.fieldError} role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
