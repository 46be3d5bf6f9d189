import { useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { Alert, Button, ConfirmDialog, EmptyState, PageFrame, useToast } from '@hive/shared/ui';
import { DataTable } from '@hive/shared/ui/table';
import { useApi } from '../../../api';
import { DOCUMENT_TITLE_SUFFIX, useAreaT, usePageMeta, useTableLabels } from '../../../i18n';
import {
  ResourceEditor,
  formStyles,
  useFailureMessage,
  useResourceParams,
  type ResourceConfig,
  type ResourceFormProps,
} from '../../../frames/resource';
import { SETTINGS_URL, useSettingsApi, type OrderedTypesEndpoint } from '../api';
import { Badge } from '../shared';
import styles from './ordered-types.module.css';

/** What order types and payment types have in common. */
export interface OrderedType {
  id: number;
  name: string;
  builtin: string | null;
  active: boolean;
  position: number;
}

export interface OrderedTypesConfig<T extends OrderedType> {
  /** The menu path, e.g. '/paymentType'. */
  path: string;
  /** The API collection (`SETTINGS_ENDPOINT.orderTypes` or `.paymentTypes`). */
  endpoint: OrderedTypesEndpoint;
  /** i18n prefix, e.g. 'settings:paymentTypes'. */
  prefix: string;
  Form: ComponentType<ResourceFormProps<T>>;
  /** Columns between the name and the status (e.g. "Counted in the drawer"). */
  useExtraColumns?: () => ColumnDef<T, unknown>[];
}

const SORTS = ['position'] as const;
type Sort = (typeof SORTS)[number];

/**
 * A short list the registers show in this order (order types, payment types): every row at once,
 * moved up and down with buttons (saved at once, as an explicit reorder), default types renamed or
 * turned off but never deleted; create and edit through the usual form (`?edit=`).
 */
export function OrderedTypesPage<T extends OrderedType>({ config }: { config: OrderedTypesConfig<T> }) {
  const resource = useMemo<ResourceConfig<T, Sort>>(
    () => ({
      path: config.path,
      endpoint: config.endpoint,
      prefix: config.prefix,
      sorts: SORTS,
      defaultSort: 'position',
      useColumns: () => [],
      rowName: (row) => row.name,
      Form: config.Form,
    }),
    [config],
  );
  const { edit } = useResourceParams(SORTS, 'position');
  return edit === null ? <OrderedList config={config} /> : <ResourceEditor config={resource} edit={edit} />;
}

const noColumns = () => [];

function OrderedList<T extends OrderedType>({ config }: { config: OrderedTypesConfig<T> }) {
  const { t } = useAreaT('settings');
  const api = useSettingsApi();
  const toast = useToast();
  const failure = useFailureMessage(config.prefix);
  const tableLabels = useTableLabels();
  const { title, breadcrumb } = usePageMeta(config.path);
  const [searchParams] = useSearchParams();
  const list = useApi<{ rows: T[] }>(SETTINGS_URL.orderedTypes(config.endpoint));
  const [rows, setRows] = useState<T[]>([]);
  const [moving, setMoving] = useState(false);
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const extraColumns = (config.useExtraColumns ?? noColumns)();
  const tk = (key: string, values?: Record<string, unknown>) => t(`${config.prefix}.${key}`, values);

  useEffect(() => {
    if (list.data) setRows(list.data.rows);
  }, [list.data]);

  const editLink = (id: number | 'new') => {
    const next = new URLSearchParams(searchParams);
    next.set('edit', String(id));
    return { search: `?${next.toString()}` };
  };

  /** Moves a row one place and saves the whole order; a refused order reloads the list. */
  const move = async (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= rows.length) return;
    const previous = rows;
    const next = [...rows];
    const [row] = next.splice(index, 1);
    next.splice(target, 0, row!);
    setRows(next);
    setMoving(true);
    try {
      const response = await api.reorderTypes<T>(config.endpoint, { ids: next.map((r) => r.id) });
      setRows(response.rows);
      setAnnouncement(t('ordered.moved', { name: row!.name, position: target + 1, total: next.length }));
    } catch (error) {
      toast.error(failure(error));
      setRows(previous);
      list.reload();
    } finally {
      setMoving(false);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await api.deleteType(config.endpoint, toDelete.id);
      toast.success(tk('deleted', { name: toDelete.name }));
      list.reload();
    } catch (error) {
      toast.error(failure(error));
      list.reload();
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  const columns: ColumnDef<T, unknown>[] = [
    {
      // First, so the arrows stay in view on a narrow screen (the table scrolls sideways).
      id: 'position',
      header: t('ordered.order'),
      enableSorting: false,
      cell: ({ row }) => {
        const { name } = row.original;
        const index = row.index;
        return (
          <span className={styles.order}>
            <span className={styles.number} title={t('ordered.position')}>
              {index + 1}
            </span>
            <Button
              size="small"
              variant="ghost"
              iconOnly
              icon={<ArrowUp size={16} aria-hidden="true" />}
              title={t('ordered.moveUp')}
              disabled={moving || index === 0}
              onClick={() => void move(index, -1)}
            >
              {t('ordered.moveUpNamed', { name })}
            </Button>
            <Button
              size="small"
              variant="ghost"
              iconOnly
              icon={<ArrowDown size={16} aria-hidden="true" />}
              title={t('ordered.moveDown')}
              disabled={moving || index === rows.length - 1}
              onClick={() => void move(index, 1)}
            >
              {t('ordered.moveDownNamed', { name })}
            </Button>
          </span>
        );
      },
    },
    {
      id: 'name',
      header: tk('fields.name'),
      enableSorting: false,
      cell: ({ row }) => (
        <span className={styles.name}>
          {row.original.name}
          {row.original.builtin && <Badge kind="info">{t('ordered.builtin')}</Badge>}
        </span>
      ),
    },
    ...extraColumns,
    {
      id: 'active',
      header: t('ordered.status'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.active ? (
          <Badge kind="on">{t('status.active')}</Badge>
        ) : (
          <Badge kind="off">{t('status.inactive')}</Badge>
        ),
    },
    {
      id: 'actions',
      header: () => <span className={formStyles.srOnly}>{t('common:common.actions')}</span>,
      enableSorting: false,
      cell: ({ row }) => {
        const { name } = row.original;
        return (
          <span className={formStyles.rowActions}>
            <Link
              className={formStyles.iconLink}
              to={editLink(row.original.id)}
              aria-label={t('common:common.editNamed', { name })}
              title={t('common:common.edit')}
            >
              <Pencil size={16} aria-hidden="true" />
            </Link>
            {!row.original.builtin && (
              <Button
                size="small"
                variant="ghost"
                iconOnly
                icon={<Trash2 size={16} aria-hidden="true" />}
                title={t('common:common.delete')}
                onClick={() => setToDelete(row.original)}
              >
                {t('common:common.deleteNamed', { name })}
              </Button>
            )}
          </span>
        );
      },
    },
  ];

  let empty: ReactNode = <EmptyState plain level={3} title={tk('emptyTitle')} message={tk('emptyMessage')} />;
  if (list.error) empty = undefined;

  return (
    <PageFrame
      title={title}
      breadcrumb={breadcrumb}
      breadcrumbLabel={t('common:layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
      description={tk('description')}
      actions={
        <Link className={formStyles.primaryLink} to={editLink('new')}>
          <Plus size={16} aria-hidden="true" />
          {tk('new')}
        </Link>
      }
    >
      <DataTable<T>
        caption={tk('tableCaption')}
        columns={columns}
        data={rows}
        total={rows.length}
        page={1}
        pageSize={Math.max(1, rows.length)}
        sort={null}
        onSortChange={() => undefined}
        onPageChange={() => undefined}
        getRowId={(row) => String(row.id)}
        loading={list.loading && !list.data}
        error={
          list.error ? (
            <Alert kind="error" action={<Button onClick={list.reload}>{t('common:common.tryAgain')}</Button>}>
              {failure(list.error)}
            </Alert>
          ) : undefined
        }
        empty={empty}
        labels={tableLabels}
        unpaged
      />
      <p className={formStyles.srOnly} role="status" aria-live="polite">
        {announcement}
      </p>
      <ConfirmDialog
        open={toDelete !== null}
        title={tk('deleteTitle')}
        message={toDelete ? tk('deleteMessage', { name: toDelete.name }) : ''}
        confirmLabel={t('common:common.delete')}
        cancelLabel={t('common:common.cancel')}
        danger
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </PageFrame>
  );
}
