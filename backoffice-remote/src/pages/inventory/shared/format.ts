import { useCompany } from '../../../api';
import { useFormat } from '../../../i18n';

/** Number, money (in the company's currency) and date formatters of the inventory pages. */
export function useInventoryFormat() {
  const company = useCompany();
  const format = useFormat(company?.currency);
  const { integer } = format;
  return {
    ...format,
    /** A whole quantity with its sign when it is a change (+3, −2). */
    signed: (n: number) => (n > 0 ? `+${integer(n)}` : integer(n)),
    /** An amount with its sign when it is a change (+$4.00, −$2.86). */
    signedMoney: (n: number) => (n > 0 ? `+${format.money(n)}` : format.money(n)),
    date: (ms: number | null) => (ms === null ? '' : format.date(ms)),
    dateTime: (ms: number | null) => (ms === null ? '' : format.dateTime(ms)),
  };
}
