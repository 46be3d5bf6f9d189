import { useT } from './hooks';
import { useFormat } from './format';

/** Says once on a page which zone its times are in: "Times in America/Chicago (CST)". */
export function TimeZoneNote({
  timeZone,
  className,
  inline,
}: {
  timeZone?: string;
  className?: string;
  inline?: boolean;
}) {
  const { t } = useT();
  const format = useFormat(undefined, timeZone);
  // The short name is the one of today: it tells CST from CDT, which the zone's name does not.
  const zone = format.timeZone.replace(/_/g, ' ');
  const text = t('common.timesIn', { zone, short: format.zoneName(Date.now()) });
  return inline ? <span className={className}>{text}</span> : <p className={className}>{text}</p>;
}
