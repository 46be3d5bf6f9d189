// pages/scheduling/api.ts: the scheduling API of the back-office (one place for its endpoints and calls).
import { useMemo } from 'react';
import type { AxiosInstance } from 'axios';
import { useHttp } from '@hive/shared/shell-contract';
import type {
  ApproveEntriesResult,
  CopyWeekResult,
  PublishResult,
  ScheduleShift,
  ScheduleWeekAction,
  ShiftInput,
  TimeEntry,
  TimeEntryInput,
  TimeOff,
  TimeOffInput,
} from '@hive/shared/schemas/backoffice/scheduling';
import { API, downloadFile } from '../../api';

/** The reports as the report frame takes them (`endpoint`, under /api/backoffice). */
export const SCHEDULING_ENDPOINT = {
  labor: 'team/reports/labor',
  payroll: 'team/reports/payroll',
} as const;

/** Endpoints (GETs read by useApi take these). */
export const SCHEDULING_URL = {
  attendance: `${API}/team/attendance`,
  entry: (id: number) => `${API}/team/attendance/${id}`,
  schedule: `${API}/team/schedule`,
  shifts: `${API}/team/schedule/shifts`,
  timeOff: `${API}/team/schedule/time_off`,
  payroll: `${API}/${SCHEDULING_ENDPOINT.payroll}`,
  tipOut: `${API}/team/reports/tipout`,
  teamSheet: `${API}/team/teamsheet`,
} as const;

/** The calls: each a typed function; bodies typed from the shared zod schemas. */
export function schedulingApi(http: AxiosInstance) {
  return {
    createEntry: async (body: TimeEntryInput) => (await http.post<TimeEntry>(SCHEDULING_URL.attendance, body)).data,
    saveEntry: async (id: number, body: TimeEntryInput) =>
      (await http.put<TimeEntry>(SCHEDULING_URL.entry(id), body)).data,
    approveEntry: async (id: number) => (await http.post<TimeEntry>(`${SCHEDULING_URL.entry(id)}/approve`, {})).data,
    approveEntries: async (ids: number[]) =>
      (await http.post<ApproveEntriesResult>(`${SCHEDULING_URL.attendance}/approve`, { ids })).data,
    deleteEntry: async (id: number) => (await http.delete<unknown>(SCHEDULING_URL.entry(id))).data,
    copyWeek: async (body: ScheduleWeekAction) =>
      (await http.post<CopyWeekResult>(`${SCHEDULING_URL.schedule}/copy`, body)).data,
    publishWeek: async (body: ScheduleWeekAction) =>
      (await http.post<PublishResult>(`${SCHEDULING_URL.schedule}/publish`, body)).data,
    createShift: async (body: ShiftInput) => (await http.post<ScheduleShift>(SCHEDULING_URL.shifts, body)).data,
    saveShift: async (id: number, body: ShiftInput) =>
      (await http.put<ScheduleShift>(`${SCHEDULING_URL.shifts}/${id}`, body)).data,
    deleteShift: async (id: number) => (await http.delete<unknown>(`${SCHEDULING_URL.shifts}/${id}`)).data,
    createTimeOff: async (body: TimeOffInput) => (await http.post<TimeOff>(SCHEDULING_URL.timeOff, body)).data,
    deleteTimeOff: async (id: number) => (await http.delete<unknown>(`${SCHEDULING_URL.timeOff}/${id}`)).data,
    /** The payroll file for payroll software (the report's query with format=csv), saved as a download. */
    downloadPayroll: (params: Record<string, string | number | undefined>) =>
      downloadFile(http, SCHEDULING_URL.payroll, params, 'payroll.csv'),
  };
}
export type SchedulingApi = ReturnType<typeof schedulingApi>;

/** The area's API on the shell's HTTP client (session headers, 401/403 handling). */
export function useSchedulingApi(): SchedulingApi {
  const http = useHttp();
  return useMemo(() => schedulingApi(http), [http]);
}
