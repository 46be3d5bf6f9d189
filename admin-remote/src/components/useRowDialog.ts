import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@hive/shared/ui';
import { describeProblem } from '../api';

/**
 * The dialog a list page opens on a row (confirm, edit...) and the action it confirms: `run` is
 * busy while the request is under way, toasts the message it returns, then closes the dialog and
 * reloads the list (`done`, also what a form dialog calls once saved); a failure is toasted.
 */
export function useRowDialog<D>(reload: () => void) {
  const { t } = useTranslation('login');
  const toast = useToast();
  const [dialog, setDialog] = useState<D | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => setDialog(null);
  const done = () => {
    setDialog(null);
    reload();
  };
  async function run(action: () => Promise<string>) {
    setBusy(true);
    try {
      toast.success(await action());
      done();
    } catch (error) {
      toast.error(describeProblem(t, error));
    } finally {
      setBusy(false);
    }
  }
  return { dialog, setDialog, close, done, busy, run };
}
