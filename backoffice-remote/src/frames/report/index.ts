// The report frame every Reporting page shares (period, filters, comparison, grouping, URL state,
// CSV of the tables on screen, print view, definitions).
export { ReportFrame, Definitions } from './ReportFrame';
export type { FrameContext, ReportFrameProps } from './ReportFrame';
export { ReportTable } from './ReportTable';
export type { Pager } from './ReportTable';
export { Kpis } from './Kpis';
export type { Kpi } from './Kpis';
export { useReportFormat } from './format';
export type { ReportFormat } from './format';
export { table, tablesToCsv, saveCsv } from './table';
export type { CellKind, ReportColumn, ReportTableSpec } from './table';
export { useReportParams } from './useReportParams';
export type { ParamPatch } from './useReportParams';
export { usePeriodPicker, withCurrent } from './usePeriodPicker';
export { changeColumn, useMetricColumns, KINDS, METRIC_OF } from './columns';
export type { FigureKey } from './columns';
export { usePrintView } from './usePrintView';
export { bucketDays, receiptsHref, reportHref } from './reportHref';
