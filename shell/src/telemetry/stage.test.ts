import { telemetryMessage } from './message';
import { isChunkLoadError, loadFailureStage } from './stage';

const chunkError = () =>
  Object.assign(new Error('Loading chunk 512 failed.\n(error: https://cdn.x/512.js)'), { name: 'ChunkLoadError' });

describe('loadFailureStage: which part of a remote did not load', () => {
  it('the manifest: the runtime lifecycle afterResolve, or its RUNTIME-003 carried up to onLoad', () => {
    expect(loadFailureStage(new TypeError('Failed to fetch'), 'afterResolve')).toBe('manifest');
    expect(loadFailureStage(new Error('Failed to get manifest. #RUNTIME-003\nargs: {}'), 'onLoad')).toBe('manifest');
    expect(loadFailureStage(new Error('The manifest is not a valid Module Federation manifest. #RUNTIME-013'))).toBe(
      'manifest',
    );
  });

  it('the entry: remoteEntry.js not loaded or its container threw', () => {
    expect(loadFailureStage(new Error('Failed to load script resources. #RUNTIME-008'), 'onLoad')).toBe('entry');
    expect(loadFailureStage(new Error('boom'), 'beforeLoadShare')).toBe('entry');
    expect(loadFailureStage(new Error('./App has no default component'))).toBe('entry');
  });

  it('a chunk: webpack ChunkLoadError or a failed lazy import after the entry loaded', () => {
    expect(loadFailureStage(chunkError(), 'onLoad')).toBe('chunk');
    expect(loadFailureStage(new TypeError('Failed to fetch dynamically imported module: https://x/a.js'))).toBe(
      'chunk',
    );
    expect(isChunkLoadError(new Error('Loading CSS chunk 77 failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  });
});

describe('telemetryMessage: short and without personal data', () => {
  it('cuts to 200 characters', () => {
    expect(telemetryMessage(new Error('x'.repeat(500)))).toHaveLength(200);
  });

  it('takes out e-mail addresses, query strings and long numbers', () => {
    expect(
      telemetryMessage(
        new Error('No user lucia@cornermarket.test at https://x.test/a.js?token=abc for card 4111111111111111'),
      ),
    ).toBe('Error: No user <email> at https://x.test/a.js for card <n>');
  });

  it('reads a string, an error-like object or anything else', () => {
    expect(telemetryMessage('plain')).toBe('plain');
    expect(telemetryMessage({ message: 'like an error' })).toBe('like an error');
    expect(telemetryMessage(undefined)).toBe('undefined');
  });
});
