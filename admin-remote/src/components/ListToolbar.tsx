import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '@hive/shared/ui';
import styles from './ListToolbar.module.css';

export interface ToolbarFilter {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}

/** The search box and the filter selects above every admin list. */
export function ListToolbar({
  searchLabel,
  searchText,
  onSearch,
  filters = [],
}: {
  searchLabel: string;
  searchText: string;
  onSearch: (text: string) => void;
  filters?: ToolbarFilter[];
}) {
  const { t } = useTranslation('login');
  const baseId = useId();
  return (
    <div className={styles.toolbar}>
      <SearchField
        label={searchLabel}
        placeholder={searchLabel}
        value={searchText}
        maxLength={100}
        onChange={(event) => onSearch(event.target.value)}
        className={styles.search}
      />
      {filters.map((filter) => (
        <span key={filter.name} className={styles.filter}>
          <label htmlFor={`${baseId}-${filter.name}`}>{filter.label}</label>
          <select
            id={`${baseId}-${filter.name}`}
            value={filter.value}
            onChange={(event) => filter.onChange(event.target.value)}
          >
            <option value="">{t('common.all')}</option>
            {filter.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </span>
      ))}
    </div>
  );
}
