// What several inventory pages share: options, line editor, shortages, formats, styles.
export { choices, numberOrNull, useInventoryOptions } from './options';
export type { InventoryOptions } from './options';
export { LinesEditor, listError, useLineText, useLinesResolver } from './LinesEditor';
export type { LineColumn, LinesEditorProps } from './LinesEditor';
export { ShortageList, shortagesOf } from './shortages';
export { useInventoryFormat } from './format';
export { StatusBadge } from './StatusBadge';
export { Badge } from '../../../components';
export { default as inventoryStyles } from './inventory.module.css';
export { DocumentActions } from './DocumentActions';
export type { DocumentAction } from './DocumentActions';
export { WithOptions } from './WithOptions';
export { DocumentHistory } from './DocumentHistory';
export type { HistoryEntry } from './DocumentHistory';
