import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ColumnDef } from '@tanstack/react-table';
import { ClipboardList, Download, History } from 'lucide-react';
import type { StockList as StockListData, StockRow } from '@hive/shared/schemas/backoffice/inventory';
import { Alert, Button, CheckboxField, EmptyState, SearchField, SelectField, useToast } from '@hive/shared/ui';
import { DataTable, type TableSort } from '@hive/shared/ui/table';
import { csvDelimiter, useApi } from '../../../api';
import { useAreaT, useTableLabels, withAreaTexts } from '../../../i18n';
import { useFailureMessage, useSearchDraft } from '../../../frames/resource';
import { Badge, choices, inventoryStyles as styles, useInventoryFormat, useInventoryOptions } from '../shared';
import { INVENTORY_URL, useInventoryApi } from '../api';
import { CountSheet } from './CountSheet';
import { NegativeStockSetting } from './NegativeStockSetting';
import { CountView, PastCounts } from './PastCounts';
import { StockFrame, useStockParams } from './StockFrame';
import { ThresholdDialog } from './ThresholdDialog';

const SORTS: Record<string, (r: StockRow) => string | number> = {
  item: (r) => r.itemName.toLocaleLowerCase(),
  warehouse: (r) => r.warehouseName.toLocaleLowerCase(),
  onHand: (r) => r.onHand,
  lowStock: (r) => r.lowStock ?? -1,
  averageCost: (r) => r.averageCost,
  value: (r) => r.value,
};

/**
 * Stock on hand per item and warehouse (`?warehouse=&low=1&q=`: the filters stay in the URL), its
 * value at average cost, CSV, low-stock thresholds, the "Allow negative stock" setting; an inventory
 * count (`?count=<warehouse id>` or `?count=new`) and the past counts (`?counts=all`, `?counts=<id>`).
 */
function StockPage() {
  const { params } = useStockParams();
  const counting = params.get('count');
  const counts = params.get('counts');
  if (counting !== null) {
    const warehouseId = Number(counting) > 0 ? Number(counting) : null;
    return <Counting warehouseId={warehouseId} />;
  }
  if (counts !== null) {
    const id = Number(counts);
    return Number.isInteger(id) && id > 0 ? <CountView id={id} /> : <PastCounts />;
  }
  return <StockList />;
}

function StockList() {
  const { t, i18n } = useAreaT('inventory');
  const api = useInventoryApi();
  const toast = useToast();
  const format = useInventoryFormat();
  const tableLabels = useTableLabels();
  const failure = useFailureMessage('inventory:stock');
  const { params, set, href } = useStockParams();
  const warehouseParam = Number(params.get('warehouse'));
  const warehouseId = Number.isInteger(warehouseParam) && warehouseParam > 0 ? warehouseParam : undefined;
  const low = params.get('low') === '1';
  const search = (params.get('q') ?? '').trim();
  // What is typed reaches the URL once it settles (replacing the entry), and from there the server.
  const [draft, setDraft] = useSearchDraft(params.get('q') ?? '', (settled) => set({ q: settled }, { replace: true }));
  const options = useInventoryOptions('stock');
  const query = { warehouseId, low: low ? 'true' : undefined, search: search || undefined };
  const stock = useApi<StockListData>(INVENTORY_URL.stock, query);
  const [sort, setSort] = useState<TableSort>({ id: 'item', desc: false });
  const [threshold, setThreshold] = useState<StockRow | null>(null);
  const [exporting, setExporting] = useState(false);

  const rows = useMemo(() => {
    const key = SORTS[sort.id] ?? SORTS.item!;
    const sign = sort.desc ? -1 : 1;
    return [...(stock.data?.rows ?? [])].sort((a, b) => {
      const x = key(a);
      const y = key(b);
      return (x < y ? -1 : x > y ? 1 : 0) * sign;
    });
  }, [stock.data, sort]);

  const columns = useMemo<ColumnDef<StockRow, unknown>[]>(
    () => [
      {
        id: 'item',
        header: t('fields.item'),
        cell: ({ row }) => (
          <span className={styles.row}>
            {row.original.itemName}
            {row.original.sku && <span className={`${styles.small} ${styles.muted}`}>{row.original.sku}</span>}
            {row.original.low && <Badge kind="warn">{t('stock.low')}</Badge>}
          </span>
        ),
      },
      { id: 'warehouse', header: t('fields.warehouse'), cell: ({ row }) => row.original.warehouseName },
      {
        id: 'onHand',
        header: t('stock.columns.onHand'),
        meta: { align: 'right' },
        cell: ({ row }) => format.integer(row.original.onHand),
      },
      {
        id: 'lowStock',
        header: t('stock.columns.lowStock'),
        meta: { align: 'right' },
        cell: ({ row }) => (row.original.lowStock === null ? '—' : format.integer(row.original.lowStock)),
      },
      {
        id: 'averageCost',
        header: t('stock.columns.averageCost'),
        meta: { align: 'right' },
        cell: ({ row }) => <span className={styles.nowrap}>{format.money(row.original.averageCost)}</span>,
      },
      {
        id: 'value',
        header: t('stock.columns.value'),
        meta: { align: 'right' },
        cell: ({ row }) => <span className={styles.nowrap}>{format.money(row.original.value)}</span>,
      },
      {
        id: 'actions',
        header: () => <span className={styles.srOnly}>{t('common:common.actions')}</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <Button size="small" variant="ghost" onClick={() => setThreshold(row.original)}>
            {t('stock.setThreshold')}
            <span className={styles.srOnly}>
              {' '}
              {t('stock.thresholdOf', { item: row.original.itemName, warehouse: row.original.warehouseName })}
            </span>
          </Button>
        ),
      },
    ],
    [t, format],
  );

  const exportCsv = async () => {
    setExporting(true);
    try {
      await api.exportStock({ ...query, delimiter: csvDelimiter(i18n.language), lang: i18n.language });
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setExporting(false);
    }
  };

  const totals = stock.data?.totals;
  const noItems = !search && !low && stock.data && stock.data.rows.length === 0;
  return (
    <StockFrame
      description={t('stock.description')}
      actions={
        <>
          <Button
            icon={<Download size={16} aria-hidden="true" />}
            onClick={() => void exportCsv()}
            disabled={exporting || rows.length === 0}
          >
            {t('common:common.exportCsv')}
          </Button>
          <Link className={styles.linkButton} to={href({ counts: 'all' })}>
            <History size={16} aria-hidden="true" />
            {t('stock.pastCounts')}
          </Link>
          <Button
            variant="primary"
            icon={<ClipboardList size={16} aria-hidden="true" />}
            onClick={() => set({ count: warehouseId ? String(warehouseId) : 'new' })}
          >
            {t('stock.count')}
          </Button>
        </>
      }
    >
      {totals && (
        <dl className={styles.totals} aria-label={t('stock.totals')}>
          <div>
            <dt>{t('stock.totalUnits')}</dt>
            <dd>{format.integer(totals.units)}</dd>
          </div>
          <div>
            <dt>{t('stock.totalValue')}</dt>
            <dd>{format.money(totals.value)}</dd>
          </div>
          <div>
            <dt>{t('stock.lowCount')}</dt>
            <dd>{format.integer(totals.lowCount)}</dd>
          </div>
        </dl>
      )}
      <DataTable<StockRow>
        caption={t('stock.tableCaption')}
        columns={columns}
        data={rows}
        total={rows.length}
        page={1}
        pageSize={Math.max(rows.length, 1)}
        unpaged
        sort={sort}
        onSortChange={setSort}
        onPageChange={() => undefined}
        getRowId={(r) => `${r.itemId}-${r.warehouseId}`}
        loading={stock.loading}
        labels={tableLabels}
        error={
          stock.error ? (
            <Alert kind="error" action={<Button onClick={stock.reload}>{t('common:common.tryAgain')}</Button>}>
              {failure(stock.error)}
            </Alert>
          ) : undefined
        }
        empty={
          noItems ? (
            <EmptyState plain level={3} title={t('stock.emptyTitle')} message={t('stock.emptyMessage')} />
          ) : (
            <EmptyState plain level={3} title={t('stock.noMatchTitle')} message={t('stock.noMatchMessage')} />
          )
        }
        toolbar={
          <div className={styles.toolbar}>
            <SearchField
              label={t('stock.search')}
              placeholder={t('stock.searchPlaceholder')}
              value={draft}
              maxLength={100}
              onChange={(event) => {
                setDraft(event.target.value);
              }}
            />
            <SelectField
              label={t('fields.warehouse')}
              placeholder={t('stock.allWarehouses')}
              options={choices(options.data?.warehouses)}
              value={warehouseId ? String(warehouseId) : ''}
              onChange={(event) => set({ warehouse: event.target.value })}
            />
            <CheckboxField
              label={t('stock.onlyLow')}
              checked={low}
              onChange={(event) => set({ low: event.target.checked ? '1' : null })}
            />
          </div>
        }
      />
      {threshold && (
        <ThresholdDialog
          row={threshold}
          onClose={() => setThreshold(null)}
          onSaved={() => {
            setThreshold(null);
            stock.reload();
          }}
        />
      )}
      <NegativeStockSetting />
    </StockFrame>
  );
}

/** The count sheet (`?count=<warehouse id>`, `?count=new` before one is chosen). */
function Counting({ warehouseId }: { warehouseId: number | null }) {
  const { t } = useAreaT('inventory');
  const { set } = useStockParams();
  const options = useInventoryOptions('stock');
  return (
    <StockFrame title={t('stock.countTitle')} crumbs={[t('stock.countTitle')]}>
      <CountSheet
        key={warehouseId ?? 'none'}
        options={options.data}
        warehouseId={warehouseId}
        onWarehouse={(id) => set({ count: id ? String(id) : 'new' })}
        onCancel={() => set({ count: null })}
        onDone={() => set({ count: null })}
      />
    </StockFrame>
  );
}

export default withAreaTexts('inventory', StockPage);
