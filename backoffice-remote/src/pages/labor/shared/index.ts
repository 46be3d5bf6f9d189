// What the labour pages share: the print views' frame (controls in the URL, paper size, Print) and
// links to the time clock and the schedule for the same period or day.
export { PrintSheet, SheetTable, isPaperSize, useSheetDate, useSheetParams, useSheetQuery } from './PrintSheet';
export type { SheetAnswer } from './PrintSheet';
export { attendanceHref, scheduleHref } from './links';
export { default as sheetStyles } from './print.module.css';
