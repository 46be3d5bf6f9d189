// Team › Scheduling › Attendance, the time clock (lazy-loaded by the routes: its own chunk).
export { default } from './AttendancePage';
