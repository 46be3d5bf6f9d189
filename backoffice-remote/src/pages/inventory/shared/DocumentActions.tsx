import { useId, useState } from 'react';
import { Button, ConfirmDialog, useToast } from '@hive/shared/ui';
import { fieldErrors } from '../../../api';
import { useAreaT } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { useInventoryApi } from '../api';
import styles from './inventory.module.css';

export interface DocumentAction {
  /** Text key of the button (and of its success message: `<key>Done`). */
  label: string;
  url: string;
  body?: unknown;
  variant?: 'primary' | 'secondary';
  /** Ask first (cancelling, ...): the title and message of the confirmation. */
  confirm?: { title: string; message: string; label: string };
  done: string;
  /** Shown but not yet possible: the button is disabled and this says why (read with it). */
  disabledReason?: string;
}

/**
 * The explicit actions of a document (Order, Send, Receive, Cancel...), each one button calling
 * its own endpoint; destructive ones ask first. The document is loaded again afterwards.
 */
export function DocumentActions({
  actions,
  prefix,
  onDone,
  onError,
}: {
  actions: DocumentAction[];
  prefix: string;
  onDone: () => void;
  /** A failure the page shows itself (e.g. shortages); true when handled. */
  onError?: (error: unknown) => boolean;
}) {
  const { t } = useAreaT('inventory');
  const api = useInventoryApi();
  const toast = useToast();
  const failure = useFailureMessage(prefix);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<DocumentAction | null>(null);
  const id = useId();

  const run = async (action: DocumentAction) => {
    setBusy(true);
    try {
      await api.documentAction(action.url, action.body ?? {});
      toast.success(action.done);
      onDone();
    } catch (error) {
      if (!onError?.(error)) {
        // A field of the action's body (the e-mail address...) in the page's words when it has them.
        const [field] = Object.entries(fieldErrors(error));
        toast.error(field ? t(`${prefix}.conflict.${field[0]}`, { defaultValue: field[1] }) : failure(error));
      }
      onDone();
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  if (actions.length === 0) return null;
  return (
    <div className={styles.row}>
      {actions.map((action, index) => (
        <Button
          key={action.label}
          variant={action.variant ?? 'secondary'}
          disabled={busy || action.disabledReason !== undefined}
          aria-describedby={action.disabledReason ? `${id}-why-${index}` : undefined}
          onClick={() => (action.confirm ? setConfirming(action) : void run(action))}
        >
          {action.label}
        </Button>
      ))}
      {actions.map(
        (action, index) =>
          action.disabledReason && (
            <p key={action.label} id={`${id}-why-${index}`} className={styles.muted}>
              {action.disabledReason}
            </p>
          ),
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.confirm?.title ?? ''}
        message={confirming?.confirm?.message ?? ''}
        confirmLabel={confirming?.confirm?.label ?? ''}
        cancelLabel={t('common:common.cancel')}
        danger
        busy={busy}
        onConfirm={() => confirming && void run(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
