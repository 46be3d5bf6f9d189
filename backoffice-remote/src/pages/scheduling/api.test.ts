import { fakeApi } from '@hive/shared/testing/fakeApi';
import type { ShiftInput, TimeEntryInput, TimeOffInput } from '@hive/shared/schemas/backoffice/scheduling';
import { SCHEDULING_ENDPOINT, SCHEDULING_URL, schedulingApi } from './api';

const fakeHttp = (data?: unknown) => fakeApi(schedulingApi, data);

describe('the scheduling API', () => {
  it('names its endpoints under /api/backoffice', () => {
    expect(SCHEDULING_URL.attendance).toBe('/api/backoffice/team/attendance');
    expect(SCHEDULING_URL.schedule).toBe('/api/backoffice/team/schedule');
    expect(SCHEDULING_URL.tipOut).toBe('/api/backoffice/team/reports/tipout');
    expect(SCHEDULING_URL.teamSheet).toBe('/api/backoffice/team/teamsheet');
    expect(SCHEDULING_ENDPOINT).toEqual({ labor: 'team/reports/labor', payroll: 'team/reports/payroll' });
  });

  it('creates, corrects, approves and deletes time entries, answering the data', async () => {
    const { http, api } = fakeHttp({ id: 5 });
    const entry = { employeeId: 2, reason: 'Forgot to clock in' } as TimeEntryInput;
    await expect(api.createEntry(entry)).resolves.toEqual({ id: 5 });
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/team/attendance', entry);
    await api.saveEntry(5, entry);
    expect(http.put).toHaveBeenLastCalledWith('/api/backoffice/team/attendance/5', entry);
    await api.approveEntry(5);
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/team/attendance/5/approve', {});
    await api.approveEntries([5, 6]);
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/team/attendance/approve', { ids: [5, 6] });
    await api.deleteEntry(5);
    expect(http.delete).toHaveBeenLastCalledWith('/api/backoffice/team/attendance/5');
  });

  it('copies and publishes a week, saves shifts and time off', async () => {
    const { http, api } = fakeHttp({ copied: 1 });
    const week = { locationId: 1, week: '2026-11-30' };
    await expect(api.copyWeek(week)).resolves.toEqual({ copied: 1 });
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/team/schedule/copy', week);
    await api.publishWeek(week);
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/team/schedule/publish', week);
    const shift = { employeeId: 2, date: '2026-12-01' } as ShiftInput;
    await api.createShift(shift);
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/team/schedule/shifts', shift);
    await api.saveShift(9, shift);
    expect(http.put).toHaveBeenLastCalledWith('/api/backoffice/team/schedule/shifts/9', shift);
    await api.deleteShift(9);
    expect(http.delete).toHaveBeenLastCalledWith('/api/backoffice/team/schedule/shifts/9');
    const away = { employeeId: 2, from: '2026-12-01', to: '2026-12-02', reason: '' } as TimeOffInput;
    await api.createTimeOff(away);
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/team/schedule/time_off', away);
    await api.deleteTimeOff(4);
    expect(http.delete).toHaveBeenLastCalledWith('/api/backoffice/team/schedule/time_off/4');
  });
});
