import { initRemotes, loadRemoteApp } from '../remotes/registry';
import { remoteSignals, startTelemetry } from './index';
import type { TelemetryBody } from './types';

// The registry with its real `/remotes.json` reading; the federation runtime is a fake.
const mf = { registerRemotes: jest.fn(), loadRemote: jest.fn(() => Promise.resolve({ default: () => null })) };
jest.mock('../remotes/federation', () => ({ startFederation: () => mf, providedVersions: () => ({}) }));

describe('startTelemetry: the lazy client, fed by the registry', () => {
  it('keeps the signals sent before the client loaded, hands them over in order, and beacons them on pagehide', async () => {
    global.fetch = jest.fn(() =>
      Promise.resolve({
        ok: true,
        json: () =>
          Promise.resolve({
            admin: '/remotes/admin/mf-manifest.json',
            ordering: '/remotes/ordering/mf-manifest.json',
            _releases: { admin: { id: 5, version: '2026.12.02-a' }, ordering: null },
          }),
      } as Response),
    );
    const bodies: Blob[] = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, blob: Blob) => url === '/api/telemetry' && bodies.push(blob) > 0,
    });
    await initRemotes({ report: jest.fn(), onLoadStart: remoteSignals.session });
    await loadRemoteApp('admin');
    // A REMOTES_JSON override (no release): no event.
    await loadRemoteApp('ordering');
    remoteSignals.boundary('admin', new Error('render failed'));
    await startTelemetry();
    window.dispatchEvent(new Event('pagehide'));
    expect(bodies).toHaveLength(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(bodies[0]!);
    });
    expect((JSON.parse(text) as TelemetryBody).events).toEqual([
      { release: 5, kind: 'session', route: '/' },
      { release: 5, kind: 'error', source: 'boundary', first: true, route: '/', message: 'Error: render failed' },
    ]);
    delete (navigator as { sendBeacon?: unknown }).sendBeacon;
  });
});
