import { sendTelemetry } from './transport';

describe('sendTelemetry', () => {
  const json = '{"v":1,"browser":"chrome","events":[]}';

  it('sends a text/plain beacon (no preflight) and nothing else when the browser takes it', async () => {
    const sendBeacon = jest.fn((_url: string, _body?: BodyInit | null) => true);
    const fetchImpl = jest.fn();
    sendTelemetry(json, { nav: { sendBeacon }, fetchImpl });
    expect(sendBeacon).toHaveBeenCalledWith('/api/telemetry', expect.any(Blob));
    const blob = sendBeacon.mock.calls[0]![1] as Blob;
    expect(blob.type).toBe('text/plain;charset=utf-8');
    const text = await new Promise<unknown>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.readAsText(blob);
    });
    expect(text).toBe(json);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it.each([
    ['refuses it', { sendBeacon: () => false }],
    ['has no beacon', {} as Pick<Navigator, 'sendBeacon'>],
    [
      'throws',
      {
        sendBeacon: () => {
          throw new TypeError('blocked');
        },
      },
    ],
  ])('falls back to fetch with keepalive when the browser %s', (_case, nav) => {
    const fetchImpl = jest.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    sendTelemetry(json, { nav, fetchImpl: fetchImpl as unknown as typeof fetch });
    expect(fetchImpl).toHaveBeenCalledWith('/api/telemetry', {
      method: 'POST',
      body: json,
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    });
  });

  it('never throws, even when fetch fails', async () => {
    const fetchImpl = jest.fn(() => Promise.reject(new TypeError('offline')));
    expect(() => sendTelemetry(json, { nav: {} as never, fetchImpl: fetchImpl as never })).not.toThrow();
    await Promise.resolve();
  });
});
