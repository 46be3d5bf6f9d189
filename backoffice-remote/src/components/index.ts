// Widgets several back-office pages use (the shared UI kit has the generic ones).
export { CheckboxList } from './CheckboxList';
export type { CheckboxListProps } from './CheckboxList';
