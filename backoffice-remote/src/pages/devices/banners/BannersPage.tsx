import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ArrowDown, ArrowUp, Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import type { Banner, BannerList, BannerState } from '@hive/shared/schemas/backoffice/devices';
import { Alert, Button, ConfirmDialog, EmptyState, PageFrame, useToast } from '@hive/shared/ui';
import { useApi } from '../../../api';
import { Badge, type BadgeKind } from '../../../components';
import { DOCUMENT_TITLE_SUFFIX, useAreaT, useFormat, usePageMeta } from '../../../i18n';
import {
  ResourceEditor,
  formStyles,
  useFailureMessage,
  useResourceParams,
  type ResourceConfig,
  type ResourceFormProps,
} from '../../../frames/resource';
import { devicesStyles, useDateTimeFormat } from '../shared';
import { DEVICES_URL, useDevicesApi } from '../api';
import { BannerForm } from './BannerForm';
import { BannerPreview, PREVIEW_MODES } from './BannerPreview';
import { prefixOf, type BannerPageConfig } from './config';
import styles from './banners.module.css';

const SORTS = ['position'] as const;
const STATE_BADGES: Record<BannerState, BadgeKind> = { active: 'on', scheduled: 'info', ended: 'off' };

/**
 * A banner page (kiosk or customer display): the banners in the order the devices show them,
 * moved up and down (saved at once), each previewed as the device shows it; create and edit
 * through the form (`?edit=new` / `?edit=<id>`) with its own preview.
 */
export function BannersPage({ config }: { config: BannerPageConfig }) {
  const resource = useMemo<ResourceConfig<Banner, 'position'>>(() => {
    const Form = (props: ResourceFormProps<Banner>) => <BannerForm config={config} {...props} />;
    return {
      path: config.path,
      endpoint: config.endpoint,
      prefix: prefixOf(config),
      sorts: SORTS,
      defaultSort: 'position',
      useColumns: () => [],
      rowName: (banner) => banner.title,
      Form,
    };
  }, [config]);
  const { edit } = useResourceParams(SORTS, 'position');
  return edit === null ? <BannerListView config={config} /> : <ResourceEditor config={resource} edit={edit} />;
}

function useWindowText() {
  const { t } = useAreaT('devices');
  const format = useDateTimeFormat();
  return (banner: Banner) => {
    const { activeFrom: from, activeUntil: until } = banner;
    if (from === null && until === null) return t('banners.window.always');
    if (from !== null && until !== null)
      return t('banners.window.between', { from: format.dateTime(from), until: format.dateTime(until) });
    if (from !== null) return t('banners.window.from', { from: format.dateTime(from) });
    return t('banners.window.until', { until: format.dateTime(until!) });
  };
}

function BannerListView({ config }: { config: BannerPageConfig }) {
  const { t } = useAreaT('devices');
  const api = useDevicesApi();
  const toast = useToast();
  const prefix = prefixOf(config);
  const failure = useFailureMessage(prefix);
  const numbers = useFormat();
  const windowText = useWindowText();
  const { title, breadcrumb } = usePageMeta(config.path);
  const [searchParams] = useSearchParams();
  const list = useApi<BannerList>(DEVICES_URL.banners(config.endpoint));
  const [rows, setRows] = useState<Banner[]>([]);
  const [moving, setMoving] = useState(false);
  const [toDelete, setToDelete] = useState<Banner | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [mode, setMode] = useState(PREVIEW_MODES[config.kind][0]!);

  useEffect(() => {
    if (list.data) setRows(list.data.rows);
  }, [list.data]);

  const editLink = (id: number | 'new') => {
    const next = new URLSearchParams(searchParams);
    next.set('edit', String(id));
    return { search: `?${next.toString()}` };
  };

  // The preview starts on the first banner shown now (else the first one).
  const previewIndex = Math.max(
    0,
    previewId !== null
      ? rows.findIndex((b) => b.id === previewId)
      : Math.max(
          0,
          rows.findIndex((b) => b.state === 'active'),
        ),
  );
  const previewed = rows[previewIndex];

  /** Moves a banner one place and saves the whole order; a refused order reloads the list. */
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
      const answer = await api.reorderBanners(config.endpoint, { ids: next.map((b) => b.id) });
      setRows(answer.rows);
      setAnnouncement(t('banners.moved', { title: row!.title, position: target + 1, total: next.length }));
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
      await api.deleteBanner(config.endpoint, toDelete.id);
      toast.success(t(`${config.texts}.deleted`, { name: toDelete.title }));
      if (previewId === toDelete.id) setPreviewId(null);
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setDeleting(false);
      setToDelete(null);
      list.reload();
    }
  };

  let body;
  if (list.error && !list.data) {
    body = (
      <Alert kind="error" action={<Button onClick={list.reload}>{t('common:common.tryAgain')}</Button>}>
        {failure(list.error)}
      </Alert>
    );
  } else if (!list.data) {
    body = <p role="status">{t('common:common.loading')}</p>;
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        title={t(`${config.texts}.emptyTitle`)}
        message={t(`${config.texts}.emptyMessage`)}
        action={
          <Link className={formStyles.primaryLink} to={editLink('new')}>
            <Plus size={16} aria-hidden="true" />
            {t(`${config.texts}.new`)}
          </Link>
        }
      />
    );
  } else {
    body = (
      <div className={styles.layout}>
        <ol className={styles.list} aria-label={t('banners.listLabel')}>
          {rows.map((banner, index) => {
            const headingId = `banner-${banner.id}-title`;
            const selected = previewed?.id === banner.id;
            const name = banner.title;
            const places = banner.allLocations ? t('banners.allLocations') : banner.locationNames.join(', ');
            return (
              <li
                key={banner.id}
                className={[styles.row, selected && styles.rowSelected].filter(Boolean).join(' ')}
                aria-labelledby={headingId}
              >
                <img className={styles.thumb} src={banner.imageUrl} alt="" />
                <div className={styles.rowBody}>
                  <div className={styles.rowHead}>
                    <span className={styles.position} aria-hidden="true">
                      {index + 1}.
                    </span>
                    <h2 className={styles.rowTitle} id={headingId}>
                      {name}
                    </h2>
                    <Badge kind={STATE_BADGES[banner.state]}>{t(`banners.states.${banner.state}`)}</Badge>
                  </div>
                  <dl className={devicesStyles.facts}>
                    <dt>{t('banners.facts.shown')}</dt>
                    <dd>{windowText(banner)}</dd>
                    <dt>{t('banners.facts.locations')}</dt>
                    <dd>{places}</dd>
                    <dt>{t('banners.facts.image')}</dt>
                    <dd>
                      {t('banners.imageInfo', {
                        type: banner.contentType.replace('image/', '').toUpperCase(),
                        size: numbers.decimal(banner.size / 1024),
                      })}
                    </dd>
                  </dl>
                </div>
                <div className={styles.rowActions}>
                  <Button
                    size="small"
                    variant="ghost"
                    iconOnly
                    icon={<ArrowUp size={16} aria-hidden="true" />}
                    title={t('banners.moveUp')}
                    disabled={moving || index === 0}
                    onClick={() => void move(index, -1)}
                  >
                    {t('banners.moveUpNamed', { name })}
                  </Button>
                  <Button
                    size="small"
                    variant="ghost"
                    iconOnly
                    icon={<ArrowDown size={16} aria-hidden="true" />}
                    title={t('banners.moveDown')}
                    disabled={moving || index === rows.length - 1}
                    onClick={() => void move(index, 1)}
                  >
                    {t('banners.moveDownNamed', { name })}
                  </Button>
                  <Button
                    size="small"
                    icon={<Eye size={16} aria-hidden="true" />}
                    aria-pressed={selected}
                    aria-label={t('banners.previewNamed', { name })}
                    onClick={() => setPreviewId(banner.id)}
                  >
                    {t('banners.preview')}
                  </Button>
                  <Link
                    className={formStyles.iconLink}
                    to={editLink(banner.id)}
                    aria-label={t('common:common.editNamed', { name })}
                    title={t('common:common.edit')}
                  >
                    <Pencil size={16} aria-hidden="true" />
                  </Link>
                  <Button
                    size="small"
                    variant="ghost"
                    iconOnly
                    icon={<Trash2 size={16} aria-hidden="true" />}
                    title={t('common:common.delete')}
                    onClick={() => setToDelete(banner)}
                  >
                    {t('common:common.deleteNamed', { name })}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
        <aside className={styles.aside} aria-label={t('preview.label')}>
          <BannerPreview
            kind={config.kind}
            image={previewed ? { src: previewed.imageUrl, title: previewed.title } : null}
            mode={mode}
            onMode={setMode}
            position={{
              index: previewIndex,
              total: rows.length,
              onMove: (index) => setPreviewId(rows[index]?.id ?? null),
            }}
          />
        </aside>
      </div>
    );
  }

  return (
    <PageFrame
      title={title}
      breadcrumb={breadcrumb}
      breadcrumbLabel={t('common:layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
      description={t(`${config.texts}.description`)}
      actions={
        <Link className={formStyles.primaryLink} to={editLink('new')}>
          <Plus size={16} aria-hidden="true" />
          {t(`${config.texts}.new`)}
        </Link>
      }
    >
      {body}
      <p className={devicesStyles.srOnly} role="status" aria-live="polite">
        {announcement}
      </p>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('banners.deleteTitle')}
        message={toDelete ? t('banners.deleteMessage', { name: toDelete.title }) : ''}
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
