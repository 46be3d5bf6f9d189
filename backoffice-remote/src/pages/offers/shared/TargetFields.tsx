import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import type { DiscountOptions } from '@hive/shared/schemas/backoffice/offers';
import { CheckboxList } from '../../../components';
import { useAreaT } from '../../../i18n';
import styles from '../discounts/discounts.module.css';

interface WithTargets {
  itemIds: number[];
  categoryIds: number[];
}

/** The categories and items a discount or a promotion concerns, side by side (stacked at 360 px). */
export function TargetFields({
  control,
  errors,
  options,
  categoriesHint,
  itemsHint,
}: {
  control: Control<WithTargets>;
  errors: FieldErrors<WithTargets>;
  options: DiscountOptions;
  categoriesHint?: string;
  itemsHint?: string;
}) {
  const { t } = useAreaT('offers');
  return (
    <div className={styles.targets}>
      <Controller
        control={control}
        name="categoryIds"
        render={({ field }) => (
          <CheckboxList<number>
            ref={field.ref}
            scroll
            legend={t('discounts.fields.categories')}
            hint={categoriesHint}
            options={options.categories.map((c) => ({ value: c.id, label: c.name }))}
            value={field.value}
            onChange={field.onChange}
            error={errors.categoryIds?.message}
            empty={t('discounts.noCategories')}
          />
        )}
      />
      <Controller
        control={control}
        name="itemIds"
        render={({ field }) => (
          <CheckboxList<number>
            ref={field.ref}
            scroll
            legend={t('discounts.fields.items')}
            hint={itemsHint}
            options={options.items.map((i) => ({ value: i.id, label: i.name }))}
            value={field.value}
            onChange={field.onChange}
            error={errors.itemIds?.message}
            empty={t('discounts.noItems')}
          />
        )}
      />
    </div>
  );
}
