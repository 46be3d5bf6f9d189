import { useId } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { BannerKind } from '@hive/shared/schemas/backoffice/devices';
import { Button } from '@hive/shared/ui';
import { useCompany } from '../../../api';
import { useAreaT, useFormat } from '../../../i18n';
import { devicesStyles } from '../shared';
import styles from './banners.module.css';

/** How a device shows banners: a kiosk's screen stands either way; a customer display idles or sells. */
export const PREVIEW_MODES: Record<BannerKind, readonly string[]> = {
  kiosk: ['portrait', 'landscape'],
  customer_display: ['idle', 'sale'],
};

export interface PreviewImage {
  src: string;
  title: string;
}

/**
 * The banner as the device shows it: a kiosk fills its screen with it (portrait or landscape)
 * under a "touch to order" bar; a customer display fills its screen between sales and keeps it
 * beside the order while one is rung up. Images are cropped to fill, as the devices do.
 */
export function BannerPreview({
  kind,
  image,
  mode,
  onMode,
  position,
}: {
  kind: BannerKind;
  image: PreviewImage | null;
  mode: string;
  onMode: (mode: string) => void;
  /** "2 of 3" and its buttons, when there are several to walk through. */
  position?: { index: number; total: number; onMove: (index: number) => void };
}) {
  const { t } = useAreaT('devices');
  const money = useFormat(useCompany()?.currency);
  const name = useId();
  const modes = PREVIEW_MODES[kind];
  const screenClass = [
    styles.screen,
    kind === 'kiosk' ? (mode === 'portrait' ? styles.portrait : styles.landscape) : styles.landscape,
  ].join(' ');
  const deviceName = t(`preview.devices.${kind}`);

  const picture = image ? (
    <img className={styles.screenImage} src={image.src} alt={image.title} />
  ) : (
    <span className={styles.screenEmpty}>{t('preview.noImage')}</span>
  );

  return (
    <figure className={styles.preview} aria-labelledby={`${name}-caption`}>
      <figcaption className={styles.previewCaption} id={`${name}-caption`}>
        {t('preview.caption', { device: deviceName, mode: t(`preview.modes.${mode}`) })}
      </figcaption>
      <fieldset className={styles.modes}>
        <legend className={devicesStyles.srOnly}>{t('preview.modeLegend')}</legend>
        {modes.map((value) => (
          <label key={value} className={[styles.mode, mode === value && styles.modeOn].filter(Boolean).join(' ')}>
            <input
              type="radio"
              name={`${name}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => onMode(value)}
            />
            {t(`preview.modes.${value}`)}
          </label>
        ))}
      </fieldset>
      <div className={styles.device}>
        <div className={screenClass}>
          {kind === 'customer_display' && mode === 'sale' ? (
            <div className={styles.split}>
              <div className={styles.order} aria-hidden="true">
                <span className={styles.orderTitle}>{t('preview.order.title')}</span>
                <span className={styles.orderLine}>
                  <span>{t('preview.order.line1')}</span>
                  <span>{money.money(3.5)}</span>
                </span>
                <span className={styles.orderLine}>
                  <span>{t('preview.order.line2')}</span>
                  <span>{money.money(2.25)}</span>
                </span>
                <span className={styles.orderTotal}>
                  <span>{t('preview.order.total')}</span>
                  <span>{money.money(5.75)}</span>
                </span>
              </div>
              <div className={styles.splitImage}>{picture}</div>
            </div>
          ) : (
            <>
              {picture}
              {kind === 'kiosk' && (
                <span className={styles.touchBar} aria-hidden="true">
                  {t('preview.touchToOrder')}
                </span>
              )}
            </>
          )}
        </div>
      </div>
      {position && position.total > 1 && (
        <div className={styles.walk}>
          <Button
            size="small"
            iconOnly
            icon={<ChevronLeft size={16} aria-hidden="true" />}
            disabled={position.index === 0}
            onClick={() => position.onMove(position.index - 1)}
          >
            {t('preview.previous')}
          </Button>
          <span>{t('preview.position', { index: position.index + 1, total: position.total })}</span>
          <Button
            size="small"
            iconOnly
            icon={<ChevronRight size={16} aria-hidden="true" />}
            disabled={position.index === position.total - 1}
            onClick={() => position.onMove(position.index + 1)}
          >
            {t('preview.next')}
          </Button>
        </div>
      )}
    </figure>
  );
}
