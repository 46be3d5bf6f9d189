// Widgets several back-office pages use (the shared UI kit has the generic ones).
export { Badge } from './Badge';
export type { BadgeKind } from './Badge';
export { CheckboxList } from './CheckboxList';
export { LiveIndicator } from './LiveIndicator';
export type { CheckboxListProps } from './CheckboxList';
export { readImage } from './readImage';
export type { ImageProblem, ReadImage } from './readImage';
export { centsToInput, inputToCents, inputToMinor, inputToNumber, useCentsFormat } from './money';
export { TimeZoneField } from './TimeZoneField';
export { receiptHeaderLines, useReceiptHeaderLines } from './receiptHeader';
export type { ReceiptBusiness, ReceiptHeaderLines } from './receiptHeader';
