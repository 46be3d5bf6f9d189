import { useCompany } from '../../../api';
import { useFormat } from '../../../i18n';

/** Number, money (in the company's currency) and date formatters of the inventory pages (in `timeZone`, else the business's). */
export function useInventoryFormat(timeZone?: string) {
  const company = useCompany();
  const format = useFormat(company?.currency, timeZone);
  const { integer } = format;
  return {
    ...format,
    /** A whole quantity with its sign when it is a change (+3, −2). */
    signed: (n: number) => (n > 0 ? `+${integer(n)}` : integer(n)),
    /** An amount with its sign when it is a change (+$4.00, −$2.86). */
    signedMoney: (n: number) => (n > 0 ? `+${format.money(n)}` : format.money(n)),
    date: (ms: number | null) => (ms === null ? '' : format.date(ms)),
    /** A calendar day kept as its UTC midnight (expected dates): the same day in every zone. */
    calendarDay: (ms: number | null) => (ms === null ? '' : format.calendarDay(ms)),
    dateTime: (ms: number | null) => (ms === null ? '' : format.dateTime(ms)),
  };
}
