import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@hive/shared/schemas/ordering';
import type { AddInput } from '../cart';
import { money } from '../format';
import styles from '../ordering.module.css';

export function MenuItemCard({ item, currency, onAdd, canOrder }: { item: MenuItem; currency: string; onAdd(input: AddInput): void; canOrder: boolean }) {
  const { t, i18n } = useTranslation('ordering');
  const [chosen, setChosen] = useState<number[]>([]);
  const titleId = useId();
  const options = item.options.filter((o) => chosen.includes(o.id));
  const unit = item.priceCents + options.reduce((sum, o) => sum + o.priceCents, 0);
  return (
    <li className={styles.item} aria-labelledby={titleId}>
      <div className={styles.itemHead}>
        <h3 id={titleId} className={styles.itemName}>
          {item.name}
        </h3>
        <span className={styles.price}>{money(item.priceCents, currency, i18n.language)}</span>
      </div>
      {item.options.length > 0 && (
        <fieldset className={styles.options}>
          <legend className={styles.visuallyHidden}>{t('store.options', { name: item.name })}</legend>
          {item.options.map((option) => (
            <label key={option.id} className={styles.option}>
              <input
                type="checkbox"
                checked={chosen.includes(option.id)}
                onChange={(event) =>
                  setChosen((current) => (event.target.checked ? [...current, option.id] : current.filter((id) => id !== option.id)))
                }
              />
              <span>
                {option.name}
                {option.priceCents > 0 && ` (+${money(option.priceCents, currency, i18n.language)})`}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {canOrder && (
        <button
          type="button"
          className={styles.addButton}
          aria-label={t('store.addLabel', { name: item.name })}
          onClick={() => {
            onAdd({ itemId: item.id, name: item.name, optionIds: options.map((o) => o.id), optionNames: options.map((o) => o.name), unitPriceCents: unit });
            setChosen([]);
          }}
        >
          {t('store.add')} · {money(unit, currency, i18n.language)}
        </button>
      )}
    </li>
  );
}
