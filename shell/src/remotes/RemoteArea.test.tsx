import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { RemoteArea } from './RemoteArea';
import { LocalAreasProvider } from './localAreas';
import { remoteSignals } from '../telemetry';

jest.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
jest.mock('./federation', () => ({}));
jest.mock('../telemetry', () => ({ remoteSignals: { boundary: jest.fn() } }));

function Broken(): never {
  throw new TypeError('cannot read total');
}

describe('RemoteArea', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("tells the telemetry what its error boundary caught, for that remote's release", () => {
    render(
      <MemoryRouter>
        <LocalAreasProvider value={{ ordering: Broken }}>
          <RemoteArea name="ordering" />
        </LocalAreasProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(remoteSignals.boundary).toHaveBeenCalledWith(
      'ordering',
      expect.objectContaining({ message: 'cannot read total' }),
    );
  });
});
