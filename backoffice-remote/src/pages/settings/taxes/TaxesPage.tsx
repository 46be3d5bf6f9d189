import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Archive, ArchiveRestore } from 'lucide-react';
import { TAX_RATE_SORTS, type TaxRate, type TaxRateSort } from '@hive/shared/schemas/backoffice/settings';
import { Button, ConfirmDialog, useToast } from '@hive/shared/ui';
import { useAreaT, useFormat, withAreaTexts } from '../../../i18n';
import { ResourcePage, useFailureMessage, type ResourceConfig } from '../../../frames/resource';
import { SETTINGS_ENDPOINT, useSettingsApi } from '../api';
import { Badge, settingsStyles as styles } from '../shared';
import { TaxRateForm } from './TaxRateForm';

const PREFIX = 'settings:taxes';

function useTaxColumns(): ColumnDef<TaxRate, unknown>[] {
  const { t } = useAreaT('settings');
  const format = useFormat();
  return useMemo<ColumnDef<TaxRate, unknown>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: t('taxes.fields.name') },
      {
        id: 'rate',
        accessorKey: 'rate',
        header: t('taxes.columns.rate'),
        meta: { align: 'right' },
        cell: ({ row }) => <span className={styles.nowrap}>{format.rate(row.original.rate)}</span>,
      },
      {
        id: 'type',
        accessorKey: 'type',
        header: t('taxes.fields.type'),
        cell: ({ row }) => t(`taxes.types.${row.original.type}`),
      },
      {
        id: 'appliesToNewItems',
        accessorKey: 'appliesToNewItems',
        header: t('taxes.columns.newItems'),
        enableSorting: false,
        cell: ({ row }) => (row.original.appliesToNewItems ? t('common:common.yes') : t('common:common.no')),
      },
      {
        id: 'itemCount',
        accessorKey: 'itemCount',
        header: t('taxes.columns.items'),
        meta: { align: 'right' },
        cell: ({ row }) => format.integer(row.original.itemCount),
      },
      {
        id: 'status',
        header: t('taxes.columns.status'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.archived ? (
            <Badge kind="off">{t('status.archived')}</Badge>
          ) : (
            <Badge kind="on">{t('status.active')}</Badge>
          ),
      },
    ],
    [t, format],
  );
}

/** Archive (a rate items use cannot be deleted) or restore, through the explicit actions. */
function ArchiveAction({ row, reload }: { row: TaxRate; reload: () => void }) {
  const { t } = useAreaT('settings');
  const api = useSettingsApi();
  const toast = useToast();
  const failure = useFailureMessage(PREFIX);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const action = row.archived ? 'restore' : 'archive';

  const run = async () => {
    setBusy(true);
    try {
      await api.taxRateAction(row.id, action);
      toast.success(t(`taxes.${action === 'archive' ? 'archived' : 'restored'}`, { name: row.name }));
      reload();
    } catch (error) {
      toast.error(failure(error));
      reload();
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <>
      <Button
        size="small"
        variant="ghost"
        iconOnly
        icon={row.archived ? <ArchiveRestore size={16} aria-hidden="true" /> : <Archive size={16} aria-hidden="true" />}
        title={t(`taxes.actions.${action}`)}
        disabled={busy}
        onClick={() => (row.archived ? void run() : setConfirming(true))}
      >
        {t(`taxes.actions.${action}Named`, { name: row.name })}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('taxes.archiveTitle')}
        message={t('taxes.archiveMessage', { name: row.name, count: row.itemCount })}
        confirmLabel={t('taxes.actions.archive')}
        cancelLabel={t('common:common.cancel')}
        busy={busy}
        onConfirm={() => void run()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

const config: ResourceConfig<TaxRate, TaxRateSort> = {
  path: '/taxes',
  endpoint: SETTINGS_ENDPOINT.taxRates,
  prefix: PREFIX,
  sorts: TAX_RATE_SORTS,
  defaultSort: 'name',
  useColumns: useTaxColumns,
  rowName: (rate) => rate.name,
  Form: TaxRateForm,
  exportable: false,
  described: true,
  // A rate that items use is archived instead (the server refuses the delete with 409 anyway).
  canDelete: (rate) => rate.itemCount === 0,
  RowActions: ArchiveAction,
};

function TaxesPage() {
  return <ResourcePage config={config} />;
}

export default withAreaTexts('settings', TaxesPage);
