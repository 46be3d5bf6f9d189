import { render, screen } from '@testing-library/react';
import { Sparkline, sparkPaths } from './Sparkline';

describe('sparklines', () => {
  it('draws each series from 0 up over the common time span, broken where a value is missing', () => {
    const paths = sparkPaths([
      {
        tone: 'active',
        points: [
          { at: 0, value: 0 },
          { at: 10, value: 10 },
          { at: 20, value: null },
          { at: 30, value: 5 },
        ],
      },
      {
        tone: 'canary',
        points: [
          { at: 0, value: 10 },
          { at: 30, value: 10 },
        ],
      },
    ]);
    expect(paths).toEqual([
      { tone: 'active', runs: ['3.0,37.0 54.3,3.0', '157.0,20.0'] },
      { tone: 'canary', runs: ['3.0,3.0 157.0,3.0'] },
    ]);
  });

  it('is an image named by its metric, or says there is nothing to draw', () => {
    const { rerender } = render(
      <Sparkline
        label="Error rate over time"
        noData="No data"
        series={[
          {
            tone: 'active',
            points: [
              { at: 1, value: 0.1 },
              { at: 2, value: 0.2 },
            ],
          },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: 'Error rate over time' })).toBeInTheDocument();
    rerender(<Sparkline label="x" noData="No data" series={[{ tone: 'active', points: [{ at: 1, value: null }] }]} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('No data')).toBeInTheDocument();
  });
});
