import type { AxiosInstance } from 'axios';
import { OVERVIEW_URL, overviewApi } from './api';

describe('the overview API', () => {
  it('names the overview, its live version and the first steps under /api/backoffice', () => {
    expect(OVERVIEW_URL).toEqual({
      overview: '/api/backoffice/overview',
      version: '/api/backoffice/overview/version',
      firstSteps: '/api/backoffice/first_steps',
    });
  });

  it('hides the first steps with a PUT of dismissed: true', async () => {
    const put = jest.fn().mockResolvedValue({ data: { ok: true } });
    const api = overviewApi({ put } as unknown as AxiosInstance);
    await expect(api.dismissFirstSteps()).resolves.toEqual({ ok: true });
    expect(put).toHaveBeenCalledWith('/api/backoffice/first_steps', { dismissed: true });
  });
});
