import axios, { AxiosError, CanceledError } from 'axios';
import { isAxiosError, isCancel } from './axiosChecks';

describe('isCancel and isAxiosError agree with axios', () => {
  const samples: unknown[] = [
    undefined,
    null,
    0,
    'x',
    {},
    [],
    new Error('plain'),
    new AxiosError('bad', 'ERR_BAD_RESPONSE'),
    new CanceledError(),
    { __CANCEL__: true },
    { __CANCEL__: 0 },
    { isAxiosError: true },
    { isAxiosError: 'true' },
    Object.assign(new Error('x'), { isAxiosError: true }),
  ];

  it.each(samples.map((s, i) => [i, s]))('sample %i', (_i, sample) => {
    expect(isCancel(sample)).toBe(axios.isCancel(sample));
    expect(isAxiosError(sample)).toBe(axios.isAxiosError(sample));
  });

  it('recognises a real aborted request', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await axios.get('http://localhost/never', { signal: controller.signal }).catch((e: unknown) => e);
    expect(isCancel(error)).toBe(true);
    expect(isAxiosError(error)).toBe(true);
  });
});
