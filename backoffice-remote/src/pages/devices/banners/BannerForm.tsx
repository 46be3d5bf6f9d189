import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ImageUp } from 'lucide-react';
import {
  BANNER_TYPES,
  DEVICES_LIMITS,
  createBannerSchema,
  type Banner,
  type BannerOptions,
} from '@hive/shared/schemas/backoffice/devices';
import type { ValidationMessages } from '@hive/shared/schemas/backoffice';
import { CheckboxField, TextField } from '@hive/shared/ui';
import { useApi } from '../../../api';
import { CheckboxList, readImage } from '../../../components';
import { useAreaT, useValidationMessages } from '../../../i18n';
import { FormShell, useSaveRecord, type ResourceFormProps } from '../../../frames/resource';
import { fromLocalInput, toLocalInput, useCanSee } from '../shared';
import { DEVICES_URL } from '../api';
import { BannerPreview, PREVIEW_MODES } from './BannerPreview';
import { prefixOf, type BannerPageConfig } from './config';
import styles from './banners.module.css';

interface Values {
  title: string;
  /** `<input type="datetime-local">` values ('' = no limit). */
  activeFrom: string;
  activeUntil: string;
  allLocations: boolean;
  locationIds: number[];
  /** The chosen file's bytes, base64; absent keeps the current image. */
  image?: string;
}

function defaults(record?: Banner): Values {
  return record
    ? {
        title: record.title,
        activeFrom: toLocalInput(record.activeFrom),
        activeUntil: toLocalInput(record.activeUntil),
        allLocations: record.allLocations,
        locationIds: record.locationIds,
      }
    : { title: '', activeFrom: '', activeUntil: '', allLocations: true, locationIds: [] };
}

/** The server's schema, fed the form's local date-times as epoch ms. */
function formSchema(m: ValidationMessages) {
  return z.preprocess((raw) => {
    const values = raw as Values;
    return {
      ...values,
      activeFrom: fromLocalInput(values.activeFrom),
      activeUntil: fromLocalInput(values.activeUntil),
    };
  }, createBannerSchema(m));
}

/** The locations load first, so the form shows the chosen ones from the start. */
export function BannerForm(props: ResourceFormProps<Banner> & { config: BannerPageConfig }) {
  const { t } = useAreaT('devices');
  const options = useApi<BannerOptions>(DEVICES_URL.bannerOptions(props.config.endpoint));
  if (!options.data && options.loading) return <p role="status">{t('common:common.loading')}</p>;
  return <BannerFields {...props} locations={options.data?.locations ?? []} />;
}

function BannerFields({
  config,
  record,
  onSaved,
  onCancel,
  locations,
}: ResourceFormProps<Banner> & { config: BannerPageConfig; locations: BannerOptions['locations'] }) {
  const { t } = useAreaT('devices');
  const common = useValidationMessages();
  const canSeeLocations = useCanSee('/location');
  const id = useId();
  // "Until" before "from" has a clearer message here than the shared "must differ".
  const messages = useMemo<ValidationMessages>(
    () => (key, values) => (key === 'sameTimes' ? t('banners.untilAfterFrom') : common(key, values)),
    [common, t],
  );
  const resolver = useMemo<Resolver<Values>>(() => {
    const zod = zodResolver(
      formSchema(messages) as unknown as z.ZodType<Values, Values>,
    ) as unknown as Resolver<Values>;
    return async (values, context, options) => {
      const result = await zod(values, context, options);
      if (!record && !values.image) {
        return {
          values: {},
          errors: { ...result.errors, image: { type: 'required', message: t('banners.imageProblems.missing') } },
        };
      }
      return result;
    };
  }, [messages, record, t]);
  const { register, control, handleSubmit, setError, clearErrors, setValue, setFocus, formState } = useForm<Values>({
    resolver,
    defaultValues: defaults(record),
  });
  const { errors, isSubmitting } = formState;
  const [allLocations, title] = useWatch({ control, name: ['allLocations', 'title'] });
  const [chosen, setChosen] = useState<{ name: string; dataUrl: string } | null>(null);
  const [mode, setMode] = useState(PREVIEW_MODES[config.kind][0]!);
  const { save, formError } = useSaveRecord<Banner, Values>({
    endpoint: config.endpoint,
    prefix: prefixOf(config),
    record,
    setError,
    onSaved,
  });

  useEffect(() => setFocus('title'), [setFocus]);

  const choose = async (file: File | undefined, input: HTMLInputElement) => {
    if (!file) return;
    const read = await readImage(file, DEVICES_LIMITS.bannerMaxBytes);
    input.value = '';
    if (!read.ok) {
      // Nothing is kept: the previous choice (or the current image) stays.
      setError('image', { type: 'client', message: t(`banners.imageProblems.${read.problem}`) });
      return;
    }
    clearErrors('image');
    setChosen({ name: file.name, dataUrl: read.dataUrl });
    setValue('image', read.base64, { shouldDirty: true });
  };

  const locationOptions = locations.map((l) => ({
    value: l.id,
    label: l.active ? l.name : t('common.inactiveLocation', { name: l.name }),
  }));
  const previewSrc = chosen?.dataUrl ?? record?.imageUrl ?? null;
  const hintId = `${id}-image-hint`;
  const errorId = `${id}-image-error`;

  return (
    <div className={styles.formLayout}>
      <FormShell
        label={t(`${config.texts}.${record ? 'edit' : 'new'}`)}
        onSubmit={handleSubmit(save)}
        onCancel={onCancel}
        submitting={isSubmitting}
        formError={formError}
      >
        <div className={styles.fields}>
          <Controller
            control={control}
            name="image"
            render={({ field }) => (
              <fieldset className={styles.imageField}>
                <legend className={styles.imageLegend}>
                  {t('banners.fields.image')}
                  {!record && (
                    <span className={styles.required} aria-hidden="true">
                      *
                    </span>
                  )}
                </legend>
                <div className={styles.imageRow}>
                  <input
                    ref={field.ref}
                    id={`${id}-file`}
                    className={styles.fileInput}
                    type="file"
                    accept={BANNER_TYPES.join(',')}
                    aria-describedby={[hintId, errors.image ? errorId : ''].filter(Boolean).join(' ')}
                    aria-invalid={errors.image ? true : undefined}
                    aria-required={!record || undefined}
                    onChange={(event) => void choose(event.target.files?.[0], event.target)}
                  />
                  <label className={styles.uploadButton} htmlFor={`${id}-file`}>
                    <ImageUp size={16} aria-hidden="true" />
                    {previewSrc ? t('banners.replaceImage') : t('banners.chooseImage')}
                  </label>
                  {chosen && <span className={styles.fileName}>{chosen.name}</span>}
                </div>
                <p id={hintId} className={styles.hint}>
                  {t(`${config.texts}.imageHint`)}
                </p>
                {errors.image?.message && (
                  <p id={errorId} className={styles.error} role="alert">
                    {errors.image.message}
                  </p>
                )}
              </fieldset>
            )}
          />
          <TextField
            label={t('banners.fields.title')}
            hint={t('banners.hints.title')}
            required
            autoComplete="off"
            maxLength={DEVICES_LIMITS.bannerTitleMax}
            error={errors.title?.message}
            {...register('title')}
          />
          <div className={styles.grid}>
            <TextField
              type="datetime-local"
              label={t('banners.fields.activeFrom')}
              hint={t('banners.hints.activeFrom')}
              error={errors.activeFrom?.message}
              {...register('activeFrom')}
            />
            <TextField
              type="datetime-local"
              label={t('banners.fields.activeUntil')}
              hint={t('banners.hints.activeUntil')}
              error={errors.activeUntil?.message}
              {...register('activeUntil')}
            />
          </div>
          <CheckboxField
            label={t('banners.fields.allLocations')}
            hint={t('banners.hints.allLocations')}
            error={errors.allLocations?.message}
            {...register('allLocations')}
          />
          {!allLocations && (
            <Controller
              control={control}
              name="locationIds"
              render={({ field, fieldState }) => (
                <CheckboxList<number>
                  ref={field.ref}
                  legend={t('banners.fields.locations')}
                  options={locationOptions}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                  empty={
                    canSeeLocations ? <Link to="/location">{t('common.goToLocations')}</Link> : t('common.noLocations')
                  }
                />
              )}
            />
          )}
        </div>
      </FormShell>
      <aside aria-label={t('preview.label')}>
        <BannerPreview
          kind={config.kind}
          image={previewSrc ? { src: previewSrc, title: title || t('preview.untitled') } : null}
          mode={mode}
          onMode={setMode}
        />
      </aside>
    </div>
  );
}
