import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import type { Address } from '@hive/shared/schemas/backoffice/settings';
import { TextField } from '@hive/shared/ui';
import { useAreaT } from '../../../i18n';
import { CountryField } from './fields';
import styles from './settings.module.css';

type AddressPath = `address.${keyof Address}`;

export interface AddressFieldsProps {
  /** The form's `register` (its values have an `address`). */
  register: (name: AddressPath) => UseFormRegisterReturn;
  errors?: Partial<Record<keyof Address, FieldError>>;
  legend: string;
}

/** The address of the business or of a location: one set of fields, one set of rules. */
export function AddressFields({ register, errors, legend }: AddressFieldsProps) {
  const { t } = useAreaT('settings');
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.grid}>
        <TextField
          className={styles.wide}
          label={t('address.line1')}
          autoComplete="address-line1"
          maxLength={220}
          error={errors?.line1?.message}
          {...register('address.line1')}
        />
        <TextField
          className={styles.wide}
          label={t('address.line2')}
          autoComplete="address-line2"
          maxLength={220}
          error={errors?.line2?.message}
          {...register('address.line2')}
        />
        <TextField
          label={t('address.city')}
          autoComplete="address-level2"
          maxLength={120}
          error={errors?.city?.message}
          {...register('address.city')}
        />
        <TextField
          label={t('address.region')}
          autoComplete="address-level1"
          maxLength={120}
          error={errors?.region?.message}
          {...register('address.region')}
        />
        <TextField
          label={t('address.postalCode')}
          autoComplete="postal-code"
          maxLength={30}
          error={errors?.postalCode?.message}
          {...register('address.postalCode')}
        />
        <CountryField
          label={t('address.country')}
          placeholder={t('address.noCountry')}
          autoComplete="country"
          error={errors?.country?.message}
          {...register('address.country')}
        />
      </div>
    </fieldset>
  );
}
