// What several settings pages share: address and choice fields, badges, styles.
export { AddressFields } from './AddressFields';
export type { AddressFieldsProps } from './AddressFields';
export { CountryField, CurrencyField, useCountryName } from './fields';
export { Badge } from '../../../components';
export { default as settingsStyles } from './settings.module.css';
