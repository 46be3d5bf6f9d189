import { useId } from 'react';
import { Pencil, Printer as PrinterIcon, Trash2 } from 'lucide-react';
import type { Printer } from '@hive/shared/schemas/backoffice/devices';
import { Button } from '@hive/shared/ui';
import { Badge } from '../../../components';
import { useAreaT } from '../../../i18n';
import { devicesStyles as styles } from '../shared';

export type PrinterAction = 'test' | 'edit' | 'delete';

/** One printer: what it prints, which register drives it, what waits in its queue. */
export function PrinterCard({
  printer,
  busy,
  onAction,
}: {
  printer: Printer;
  busy: boolean;
  onAction: (action: PrinterAction, printer: Printer) => void;
}) {
  const { t } = useAreaT('devices');
  const titleId = useId();
  const { name } = printer;
  let prints: string;
  if (printer.kind === 'receipt') prints = t('printers.printsReceipts');
  else if (printer.categoryNames.length === 0) prints = t('printers.printsNothing');
  else prints = printer.categoryNames.join(', ');

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <div>
          <h3 className={styles.cardTitle} id={titleId}>
            {name}
          </h3>
          <p className={styles.cardSub}>
            {t(`printers.kinds.${printer.kind}`)}
            {printer.address && ` · ${printer.address}`}
          </p>
        </div>
        {printer.active ? (
          <Badge kind="on">{t('common.active')}</Badge>
        ) : (
          <Badge kind="off">{t('common.inactive')}</Badge>
        )}
      </div>
      <dl className={styles.facts}>
        <dt>{t('printers.facts.prints')}</dt>
        <dd>{prints}</dd>
        <dt>{t('printers.facts.terminal')}</dt>
        <dd>{printer.terminalName ?? <span className={styles.muted}>{t('printers.noTerminalYet')}</span>}</dd>
        <dt>{t('printers.facts.queue')}</dt>
        <dd>
          {printer.queued === 0 && printer.failed === 0
            ? t('printers.queueEmpty')
            : [
                printer.queued > 0 ? t('printers.queued', { count: printer.queued }) : null,
                printer.failed > 0 ? t('printers.failed', { count: printer.failed }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
        </dd>
      </dl>
      <div className={styles.actions}>
        <Button
          size="small"
          icon={<PrinterIcon size={16} aria-hidden="true" />}
          disabled={busy}
          onClick={() => onAction('test', printer)}
          aria-label={t('printers.actions.testNamed', { name })}
        >
          {t('printers.actions.test')}
        </Button>
        <Button
          size="small"
          icon={<Pencil size={16} aria-hidden="true" />}
          disabled={busy}
          onClick={() => onAction('edit', printer)}
          aria-label={t('printers.actions.editNamed', { name })}
        >
          {t('printers.actions.edit')}
        </Button>
        <Button
          size="small"
          variant="ghost"
          icon={<Trash2 size={16} aria-hidden="true" />}
          disabled={busy}
          onClick={() => onAction('delete', printer)}
          aria-label={t('printers.actions.deleteNamed', { name })}
        >
          {t('printers.actions.delete')}
        </Button>
      </div>
    </article>
  );
}
