import { useId, useMemo, useRef, useState, type Ref } from 'react';
import { isTimeZone, timeZoneChoices } from '@hive/shared/schemas/backoffice/settings';
import { SelectField, TextField, type SelectFieldProps } from '@hive/shared/ui';
import { useT, utcOffset } from '../i18n';
import styles from './components.module.css';

type Props = Omit<SelectFieldProps, 'options'>;

/**
 * ICU lists some zones under their names before an IANA rename (Asia/Calcutta, Europe/Kiev):
 * people search for, and may have stored, the current ones, so both are offered (the runtime and
 * the server accept both).
 */
const RENAMED: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Godthab': 'America/Nuuk',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Enderbury': 'Pacific/Kanton',
};

/** The runtime's zones and the current names of renamed ones, UTC first, then by name. */
function allZones(): string[] {
  const [utc, ...zones] = timeZoneChoices();
  const known = new Set(zones);
  for (const [old, current] of Object.entries(RENAMED)) if (known.has(old) && isTimeZone(current)) known.add(current);
  return [utc!, ...[...known].sort()];
}

interface Choice {
  value: string;
  label: string;
  /** What the search box matches: the name with spaces for underscores, and the offset. */
  haystack: string;
}

let choices: Choice[] | null = null;

/** Every IANA zone the browser knows (UTC first), with its offset today: "America/Chicago (UTC-06:00)". */
function zoneChoices(): Choice[] {
  if (choices) return choices;
  const now = Date.now();
  choices = allZones().map((zone) => {
    const name = zone.replace(/_/g, ' ');
    const offset = utcOffset(zone, now);
    const label = offset && offset !== 'UTC' ? `${name} (${offset})` : name;
    return { value: zone, label, haystack: label.toLowerCase() };
  });
  return choices;
}

/**
 * The IANA time zone picker (the business's, a location's, the storefront's): a search box that
 * narrows a select of every zone the browser knows. The select is the field (registered or
 * controlled, checked again by the server); the zone chosen stays listed whatever is typed, so
 * searching never changes the value by itself.
 */
export function TimeZoneField({ ref, ...props }: Props) {
  const { t } = useT();
  const searchId = useId();
  const select = useRef<HTMLSelectElement | null>(null);
  const [query, setQuery] = useState('');
  const [kept, setKept] = useState<string>('');
  const options = useMemo(() => {
    const words = query.toLowerCase().replace(/_/g, ' ').split(/\s+/).filter(Boolean);
    if (words.length === 0) return zoneChoices();
    const current = typeof props.value === 'string' ? props.value : kept;
    return zoneChoices().filter((c) => c.value === current || words.every((w) => c.haystack.includes(w)));
  }, [query, kept, props.value]);
  const setRef: Ref<HTMLSelectElement> = (element) => {
    select.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };
  return (
    <div className={styles.zonePicker}>
      <SelectField {...props} ref={setRef} options={options} />
      <TextField
        id={searchId}
        type="search"
        label={t('common.searchTimeZones')}
        value={query}
        autoComplete="off"
        onChange={(e) => {
          // The select's value now (registered fields keep it in the DOM), kept in the list.
          setKept(select.current?.value ?? '');
          setQuery(e.target.value);
        }}
      />
    </div>
  );
}
