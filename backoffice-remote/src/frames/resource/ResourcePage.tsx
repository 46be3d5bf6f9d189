import { useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ColumnDef } from '@tanstack/react-table';
import { Download, Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { useHttp } from '@hive/shared/shell-contract';
import type { ListResponse } from '@hive/shared/schemas/backoffice';
import { Alert, Button, ConfirmDialog, EmptyState, PageFrame, SearchField, useToast } from '@hive/shared/ui';
import { DataTable, type DataTableProps } from '@hive/shared/ui/table';
import { API, csvDelimiter, downloadFile, failureKind, mailLimit, refusal, tooManyRequests, useApi } from '../../api';
import { DOCUMENT_TITLE_SUFFIX, usePageMeta, useT, useTableLabels } from '../../i18n';
import { useResourceParams } from './useResourceParams';
import styles from './resource.module.css';

export interface ResourceFormProps<T> {
  /** The record to edit; absent for a new one. */
  record?: T;
  /** After a successful save. */
  onSaved: (saved: T, created: boolean) => void;
  onCancel: () => void;
  /** Loads the record again (after an action such as Order or Receive changed it). */
  reload?: () => void;
}

export interface ResourceConfig<T extends { id: number }, S extends string> {
  /** The menu path of the page, e.g. '/items'. */
  path: string;
  /** The API collection under /api/backoffice, e.g. 'items'. */
  endpoint: string;
  /** i18n key prefix of the texts of this resource, e.g. 'items'. */
  prefix: string;
  sorts: readonly S[];
  defaultSort: S;
  /** The data columns; the row actions (edit, delete) are added after them. */
  useColumns: () => ColumnDef<T, unknown>[];
  rowName: (row: T) => string;
  Form: ComponentType<ResourceFormProps<T>>;
  /** CSV export (`<endpoint>/export`); on unless false. */
  exportable?: boolean;
  /** Show `<prefix>.description` under the title. */
  described?: boolean;
  /** Whether a row offers Delete (default: every row). */
  canDelete?: (row: T) => boolean;
  /** More page actions, before Export CSV (e.g. Import); `reload` reads the list again. */
  PageActions?: ComponentType<{ reload: () => void }>;
  /** More row actions, before Delete (e.g. Archive). */
  RowActions?: ComponentType<{ row: T; reload: () => void }>;
  /**
   * The server sends the whole list (`{ rows }`, no paging): search and sort happen here and the
   * table is one page. `text` is what the search looks in; `value` what a column sorts by.
   */
  local?: { text: (row: T) => string; value: (row: T, sort: S) => string | number };
  /** Rows that open read-only (a received document): the row link reads "Open", not "Edit". */
  readOnly?: (row: T) => boolean;
  /** The heading of an existing record (default `<prefix>.edit`), once it is loaded. */
  recordTitle?: (record: T) => string;
  /**
   * Filters beside the search (e.g. active or not): a hook giving the controls and what they add
   * to the list's query (kept in the URL by the hook; a change should go back to page 1).
   */
  useFilters?: () => ResourceFilters;
  /** On a phone, each row as a card of these columns (the row actions are `actions`): DataTable's `cards`. */
  cards?: DataTableProps<T>['cards'];
}

export interface ResourceFilters {
  query: Record<string, string | undefined>;
  controls: ReactNode;
}

const noFilters = (): ResourceFilters | undefined => undefined;

/** Search and sort of a list the server sends whole (`ResourceConfig.local`). */
export function localRows<T, S extends string>(
  rows: T[],
  local: NonNullable<ResourceConfig<{ id: number } & T, S>['local']>,
  search: string,
  sort: S,
  dir: 'asc' | 'desc',
): T[] {
  const needle = search.trim().toLocaleLowerCase();
  const found = needle
    ? rows.filter((row) =>
        local
          .text(row as { id: number } & T)
          .toLocaleLowerCase()
          .includes(needle),
      )
    : rows;
  const sign = dir === 'desc' ? -1 : 1;
  return [...found].sort((a, b) => {
    const x = local.value(a as { id: number } & T, sort);
    const y = local.value(b as { id: number } & T, sort);
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * sign;
    return String(x).localeCompare(String(y), undefined, { sensitivity: 'base', numeric: true }) * sign;
  });
}

/**
 * The message for a failed request: a refusal with a reason (409 with an error code) in the
 * words of the resource (`<prefix>.errors.<code>`, with the answer's values such as `count`; the
 * server's English sentence when there is no text for it), a limit's refusal (429, mail or other), else the
 * general one for its kind.
 */
export function useFailureMessage(prefix?: string) {
  const { t } = useT();
  return (error: unknown) => {
    // Too much mail (the server's limits): which limit, and when to try again.
    const limited = mailLimit(error);
    if (limited) return t(`errors.mailLimit.${limited.limit}`, { count: limited.minutes });
    const waiting = tooManyRequests(error);
    if (waiting) return t('errors.tooMany', { count: waiting.minutes });
    const refused = refusal(error);
    if (refused && prefix) {
      return t(`${prefix}.errors.${refused.code}`, { ...refused.values, defaultValue: refused.message });
    }
    if (refused?.message) return refused.message;
    return t(`errors.${failureKind(error)}`);
  };
}

/**
 * A back-office data page: a searchable, sortable, server-paginated list with CSV export and
 * delete-with-confirmation, and the create/edit form (`?edit=new` / `?edit=<id>`), all in the URL.
 */
export function ResourcePage<T extends { id: number }, S extends string>({ config }: { config: ResourceConfig<T, S> }) {
  const { edit } = useResourceParams(config.sorts, config.defaultSort);
  return edit === null ? <ResourceList config={config} /> : <ResourceEditor config={config} edit={edit} />;
}

function ResourceList<T extends { id: number }, S extends string>({ config }: { config: ResourceConfig<T, S> }) {
  const { t, i18n } = useT();
  const http = useHttp();
  const toast = useToast();
  const failure = useFailureMessage(config.prefix);
  const tableLabels = useTableLabels();
  // Search: typed text (`draft`) settles for 300 ms before it reaches the URL (and the server).
  const {
    params,
    update,
    searchText: draft,
    setSearchText: setDraft,
  } = useResourceParams(config.sorts, config.defaultSort);
  const { title, breadcrumb } = usePageMeta(config.path);
  const url = `${API}/${config.endpoint}`;
  const useFilters = config.useFilters ?? noFilters;
  const filters = useFilters();
  const query = {
    ...filters?.query,
    search: params.search || undefined,
    sort: params.sort,
    dir: params.dir,
    page: params.page,
    pageSize: params.pageSize,
  };
  const list = useApi<ListResponse<T>>(url, config.local ? undefined : query);
  const [searchParams] = useSearchParams();

  // A page that emptied (last row deleted, or an old link) steps back to the last page.
  const serverTotal = config.local ? undefined : list.data?.total;
  useEffect(() => {
    if (serverTotal === undefined) return;
    const last = Math.max(1, Math.ceil(serverTotal / params.pageSize));
    if (params.page > last) update({ page: last }, { replace: true });
  }, [serverTotal, params.page, params.pageSize, update]);

  const [toDelete, setToDelete] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const editLink = (id: number | 'new') => {
    const next = new URLSearchParams(searchParams);
    next.set('edit', String(id));
    return { search: `?${next.toString()}` };
  };

  const dataColumns = config.useColumns();
  const columns = useMemo<ColumnDef<T, unknown>[]>(
    () => [
      ...dataColumns,
      {
        id: 'actions',
        header: () => <span className={styles.srOnly}>{t('common.actions')}</span>,
        enableSorting: false,
        cell: ({ row }) => {
          const name = config.rowName(row.original);
          const { RowActions } = config;
          const readOnly = config.readOnly?.(row.original) ?? false;
          return (
            <span className={styles.rowActions}>
              <Link
                className={styles.iconLink}
                to={editLink(row.original.id)}
                aria-label={t(readOnly ? 'common.openNamed' : 'common.editNamed', { name })}
                title={t(readOnly ? 'common.open' : 'common.edit')}
              >
                {readOnly ? <Eye size={16} aria-hidden="true" /> : <Pencil size={16} aria-hidden="true" />}
              </Link>
              {RowActions && <RowActions row={row.original} reload={list.reload} />}
              {(config.canDelete?.(row.original) ?? true) && (
                <Button
                  size="small"
                  variant="ghost"
                  iconOnly
                  icon={<Trash2 size={16} aria-hidden="true" />}
                  title={t('common.delete')}
                  onClick={() => setToDelete(row.original)}
                >
                  {t('common.deleteNamed', { name })}
                </Button>
              )}
            </span>
          );
        },
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- editLink reads the current URL
    [dataColumns, t, config, searchParams, list.reload],
  );

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await http.delete(`${url}/${toDelete.id}`);
      toast.success(t(`${config.prefix}.deleted`, { name: config.rowName(toDelete) }));
      setToDelete(null);
      list.reload();
    } catch (error) {
      toast.error(failure(error));
      setToDelete(null);
      // A refusal may come from data that changed since the list loaded (e.g. now in use).
      list.reload();
    } finally {
      setDeleting(false);
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(
        http,
        `${url}/export`,
        {
          search: params.search || undefined,
          sort: params.sort,
          dir: params.dir,
          delimiter: csvDelimiter(i18n.language),
          // Headers in the language of the page (the server's default is the account's).
          lang: i18n.language,
        },
        `${config.endpoint}.csv`,
      );
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setExporting(false);
    }
  };

  const rows = config.local
    ? localRows(list.data?.rows ?? [], config.local, params.search, params.sort, params.dir)
    : (list.data?.rows ?? []);
  const total = config.local ? rows.length : (list.data?.total ?? 0);
  let empty: ReactNode;
  if (params.search) {
    empty = (
      <EmptyState
        plain
        level={3}
        title={t('common.noMatch', { search: params.search })}
        message={t('common.noMatchHint')}
      />
    );
  } else if (Object.values(filters?.query ?? {}).some(Boolean)) {
    // Filters narrowed the list (the page's texts say which to clear).
    empty = (
      <EmptyState
        plain
        level={3}
        title={t(`${config.prefix}.noMatchTitle`)}
        message={t(`${config.prefix}.noMatchMessage`)}
      />
    );
  } else {
    empty = (
      <EmptyState
        plain
        level={3}
        title={t(`${config.prefix}.emptyTitle`)}
        message={t(`${config.prefix}.emptyMessage`)}
        action={
          <Link className={styles.primaryLink} to={editLink('new')}>
            {t(`${config.prefix}.new`)}
          </Link>
        }
      />
    );
  }

  return (
    <PageFrame
      title={title}
      breadcrumb={breadcrumb}
      breadcrumbLabel={t('layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
      description={config.described ? t(`${config.prefix}.description`) : undefined}
      actions={
        <>
          {config.PageActions && <config.PageActions reload={list.reload} />}
          {(config.exportable ?? true) && (
            <Button
              icon={<Download size={16} aria-hidden="true" />}
              onClick={() => void exportCsv()}
              disabled={exporting || !list.data || total === 0}
            >
              {t('common.exportCsv')}
            </Button>
          )}
          <Link className={styles.primaryLink} to={editLink('new')}>
            <Plus size={16} aria-hidden="true" />
            {t(`${config.prefix}.new`)}
          </Link>
        </>
      }
    >
      <DataTable<T>
        caption={t(`${config.prefix}.tableCaption`)}
        columns={columns}
        data={rows}
        total={total}
        unpaged={config.local !== undefined}
        cards={config.cards}
        page={params.page}
        pageSize={params.pageSize}
        sort={{ id: params.sort, desc: params.dir === 'desc' }}
        onSortChange={(sort) => update({ sort: sort.id as S, dir: sort.desc ? 'desc' : 'asc', page: 1 })}
        onPageChange={(page) => update({ page })}
        onPageSizeChange={(pageSize) => update({ pageSize, page: 1 })}
        getRowId={(row) => String(row.id)}
        loading={list.loading}
        error={
          list.error ? (
            <Alert kind="error" action={<Button onClick={list.reload}>{t('common.tryAgain')}</Button>}>
              {failure(list.error)}
            </Alert>
          ) : undefined
        }
        empty={empty}
        labels={tableLabels}
        toolbar={
          <>
            <SearchField
              label={t(`${config.prefix}.search`)}
              placeholder={t(`${config.prefix}.searchPlaceholder`)}
              value={draft}
              maxLength={100}
              onChange={(event) => setDraft(event.target.value)}
            />
            {filters?.controls}
          </>
        }
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t(`${config.prefix}.deleteTitle`)}
        message={toDelete ? t(`${config.prefix}.deleteMessage`, { name: config.rowName(toDelete) }) : ''}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        danger
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </PageFrame>
  );
}

/** The create/edit view of a resource (`?edit=new` / `?edit=<id>`), also used by pages with lists of their own. */
export function ResourceEditor<T extends { id: number }, S extends string>({
  config,
  edit,
}: {
  config: ResourceConfig<T, S>;
  edit: string;
}) {
  const { t } = useT();
  const toast = useToast();
  const failure = useFailureMessage(config.prefix);
  const { update } = useResourceParams(config.sorts, config.defaultSort);
  const creating = edit === 'new';
  const record = useApi<T>(creating ? null : `${API}/${config.endpoint}/${edit}`);
  const heading =
    !creating && record.data && config.recordTitle
      ? config.recordTitle(record.data)
      : t(`${config.prefix}.${creating ? 'new' : 'edit'}`);
  const { breadcrumb } = usePageMeta(config.path, [heading]);
  const back = () => update({ edit: null });
  const done = (saved: T, created: boolean) => {
    toast.success(t(`${config.prefix}.${created ? 'created' : 'saved'}`, { name: config.rowName(saved) }));
    back();
  };

  let body: ReactNode;
  if (creating) {
    body = <config.Form onCancel={back} onSaved={(saved) => done(saved, true)} />;
  } else if (record.error) {
    body = (
      <Alert kind="error" action={<Button onClick={back}>{t('common.backToList')}</Button>}>
        {failureKind(record.error) === 'notFound' ? t(`${config.prefix}.notFound`) : failure(record.error)}
      </Alert>
    );
  } else if (!record.data) {
    body = <p role="status">{t('common.loading')}</p>;
  } else {
    body = (
      <config.Form
        key={record.data.id}
        record={record.data}
        onCancel={back}
        onSaved={(saved) => done(saved, false)}
        reload={record.reload}
      />
    );
  }

  return (
    <PageFrame
      title={heading}
      breadcrumb={breadcrumb}
      breadcrumbLabel={t('layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
    >
      {body}
    </PageFrame>
  );
}
