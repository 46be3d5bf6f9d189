import { fakeApi } from '@hive/shared/testing/fakeApi';
import { DEVICES_ENDPOINT, DEVICES_URL, devicesApi } from './api';

const fakeHttp = (data?: unknown) => fakeApi(devicesApi, data);

describe('the devices API', () => {
  it('names its endpoints under /api/backoffice', () => {
    expect(DEVICES_URL.terminals).toBe('/api/backoffice/terminals');
    expect(DEVICES_URL.terminalLogOptions).toBe('/api/backoffice/terminal_log/options');
    expect(DEVICES_URL.printJobs).toBe('/api/backoffice/print_jobs');
    expect(DEVICES_URL.banners(DEVICES_ENDPOINT.kioskBanners)).toBe('/api/backoffice/kiosk_banners');
    expect(DEVICES_URL.bannerOptions(DEVICES_ENDPOINT.displayBanners)).toBe(
      '/api/backoffice/customer_display_banners/options',
    );
  });

  it('posts the terminal actions to their URLs and answers the data', async () => {
    const { http, api } = fakeHttp({ pairingCode: '123456' });
    await expect(api.pairingCode(4)).resolves.toEqual({ pairingCode: '123456' });
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/terminals/4/pairing_code', {});
    await api.unpairTerminal(4);
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/terminals/4/unpair', {});
    const closing = { shiftId: 9, countedCashCents: 12450, note: 'drawer' };
    await api.closeShift(4, closing);
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/terminals/4/close_shift', closing);
    await api.deleteTerminal(4);
    expect(http.delete).toHaveBeenLastCalledWith('/api/backoffice/terminals/4');
  });

  it('tests and deletes printers, acts on print jobs, reorders and deletes banners', async () => {
    const { http, api } = fakeHttp({ rows: [] });
    await api.testPrinter(2);
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/printers/2/test', {});
    await api.deletePrinter(2);
    expect(http.delete).toHaveBeenLastCalledWith('/api/backoffice/printers/2');
    await api.printJobAction(8, 'retry');
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/print_jobs/8/retry', {});
    await expect(api.reorderBanners('customer_display_banners', { ids: [3, 1] })).resolves.toEqual({ rows: [] });
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/customer_display_banners/reorder', { ids: [3, 1] });
    await api.deleteBanner('kiosk_banners', 5);
    expect(http.delete).toHaveBeenLastCalledWith('/api/backoffice/kiosk_banners/5');
  });
});
