import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { newVersionNotice } from '../new-version';
import { planNotice } from '../plan-notice';
import { NoticeStack } from './NoticeStack';

jest.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <NoticeStack />
    </MemoryRouter>,
  );

describe('the notice stack', () => {
  afterEach(() =>
    act(() => {
      newVersionNotice.reset();
      planNotice.set(false);
    }),
  );

  it('shows the plan notice and the new-version notice together, one under the other', () => {
    renderAt('/overview');
    act(() => {
      planNotice.set(true);
      newVersionNotice.offer('backoffice', 13);
    });
    const notices = screen.getAllByRole('status');
    expect(notices).toHaveLength(2);
    expect(notices[0]!.parentElement).toBe(notices[1]!.parentElement);
    expect(notices[0]!.parentElement).toHaveClass('stack');
    expect(notices[0]!.parentElement).not.toHaveClass('storefront');
  });

  it('sits above the cart bar on the storefront', () => {
    renderAt('/ordering/corner-market');
    act(() => newVersionNotice.offer('ordering', 31));
    expect(screen.getByRole('status').parentElement).toHaveClass('stack', 'storefront');
  });
});
