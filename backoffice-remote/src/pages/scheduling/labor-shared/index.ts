// What the labour pages (/laborreport, /payrollreport, the sheets /dailytipoutform and /teamsheet)
// share: the print views' frame (controls in the URL, paper size, Print) and links to the time clock
// and the schedule for the same period or day. Apart from ../shared (the schedule and the time
// clock) so that neither group's chunks carry the other's styles.
export { PrintSheet, SheetTable, isPaperSize, useSheetDate, useSheetParams, useSheetQuery } from './PrintSheet';
export type { SheetAnswer } from './PrintSheet';
export { attendanceHref, scheduleHref } from './links';
export { default as sheetStyles } from './print.module.css';
