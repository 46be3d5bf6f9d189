import { screen } from '@testing-library/react';
import { ToastProvider } from '@hive/shared/ui';
import type { AdminCompany } from '@hive/shared/schemas/admin';
import { StatusDialog } from './StatusDialog';
import { renderAdmin, staffUser } from '../../testing/renderAdmin.testutil';

const COMPANY = { id: 4, name: 'Café Lucía', status: 'active' } as AdminCompany;

const dialog = () => (
  <ToastProvider>
    <StatusDialog company={COMPANY} onClose={jest.fn()} onSaved={jest.fn()} />
  </ToastProvider>
);

describe('a reason field', () => {
  it('says its minimum length under the field before anything is typed (en)', () => {
    renderAdmin(dialog(), { user: staffUser(null) });
    const reason = screen.getByRole('textbox', { name: /Reason \(kept in the audit log\)/ });
    expect(reason).toHaveAccessibleDescription('At least 5 characters (up to 500).');
  });

  it('in Spanish too', () => {
    renderAdmin(dialog(), {
      user: staffUser(null),
      lng: 'es',
    });
    const reason = screen.getByRole('textbox', { name: /Motivo \(queda en el registro de auditoría\)/ });
    expect(reason).toHaveAccessibleDescription('Al menos 5 caracteres (hasta 500).');
  });
});
