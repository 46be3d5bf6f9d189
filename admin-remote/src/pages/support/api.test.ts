import { fakeApi } from '@hive/shared/testing/fakeApi';
import { SUPPORT_URL, supportApi } from './api';

const fakeHttp = (data?: unknown) => fakeApi(supportApi, data);

describe('the support API', () => {
  it('names its endpoints under /api/admin, the route id encoded', () => {
    expect(SUPPORT_URL.tickets).toBe('/api/admin/support');
    expect(SUPPORT_URL.ticket('12')).toBe('/api/admin/support/12');
    expect(SUPPORT_URL.ticket('a b')).toBe('/api/admin/support/a%20b');
    expect(SUPPORT_URL.outbox).toBe('/api/admin/support/outbox');
  });

  it('posts a reply, puts the status, applies the plan request', async () => {
    const { http, api } = fakeHttp();
    await api.reply(12, { body: 'Done, thanks.' });
    expect(http.post).toHaveBeenLastCalledWith('/api/admin/support/12/messages', { body: 'Done, thanks.' });
    await api.saveStatus(12, { status: 'closed' });
    expect(http.put).toHaveBeenLastCalledWith('/api/admin/support/12/status', { status: 'closed' });
    await api.applyPlan(12);
    expect(http.post).toHaveBeenLastCalledWith('/api/admin/support/12/apply-plan', {});
  });

  it('posts an outbox retry', async () => {
    const { http, api } = fakeHttp();
    await api.retryMail(31);
    expect(http.post).toHaveBeenLastCalledWith('/api/admin/support/outbox/31/retry', {});
  });
});
