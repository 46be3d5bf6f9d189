import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { canaryReleaseSchema } from '@hive/shared/schemas/releases';
import {
  Alert,
  ConfirmDialog,
  DecimalField,
  FormDialog,
  TextField,
  decimalInput,
  decimalResolver,
  useToast,
} from '@hive/shared/ui';
import { apiProblem, applyServerErrors, decimalMessage } from '../../api';
import { useReleasesApi } from './api';
import { formatShare, releaseFieldMessage, releaseProblem } from './format';
import type { CanaryBody, ReleaseJson } from './types';

/** "cornermarket, suncafe" -> the slugs as typed, in order (the schema refuses repeats). */
export function companyList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((slug) => slug.trim())
    .filter(Boolean);
}

/** The form as typed: the share in the user's language (read by decimalResolver), slugs as one text. */
type Values = { percent: string; companies: string };

// The server's own rules (shared schema), on the form's fields: one message per field.
const formSchema = z.object({
  percent: canaryReleaseSchema.shape.percent,
  companies: z.preprocess(
    (text) => (typeof text === 'string' ? companyList(text) : text),
    canaryReleaseSchema.shape.companies,
  ),
});
const NUMBERS = { percent: { decimals: 0 } };

/**
 * Start or change a release's canary: the share of visitors and the companies whose users always
 * get it. The form is checked first; a second step says what will happen and asks to confirm.
 */
export function CanaryDialog({
  release,
  remoteLabel,
  currentCanary,
  onClose,
  onDone,
  onFailed,
}: {
  release: ReleaseJson;
  remoteLabel: string;
  /** The remote's canary now (named when the server says there is one already). */
  currentCanary: string | null;
  onClose: () => void;
  onDone: () => void;
  /** A refusal that is not about the form (a conflict): said on the page, which reloads. */
  onFailed: (message: string) => void;
}) {
  const { t, i18n } = useTranslation('login');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const api = useReleasesApi();
  const toast = useToast();
  const [review, setReview] = useState<CanaryBody | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const resolver = useMemo(
    () =>
      decimalResolver<Values, unknown, CanaryBody>(zodResolver(formSchema) as never, NUMBERS, lng, decimalMessage(t)),
    [lng, t],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, CanaryBody>({
    resolver,
    defaultValues: {
      percent: decimalInput(release.canary?.percent ?? 10, lng, 0),
      companies: release.canary?.companies.join(', ') ?? '',
    },
  });

  const onSubmit = handleSubmit((body) => {
    setProblem(null);
    setReview(body);
  });

  async function apply(body: CanaryBody) {
    setBusy(true);
    try {
      await api.canary(release.id, body);
      toast.success(t('releases.done.canary', { version: release.version }));
      onDone();
    } catch (error) {
      setReview(null);
      const found = apiProblem(error);
      if (found.code === 'unknown_companies') {
        setError('companies', { type: 'server', message: t('releases.canaryForm.unknownCompanies') });
      } else if (!applyServerErrors(error, setError, ['percent', 'companies'])) {
        const message = releaseProblem(t, error, { remote: remoteLabel, canary: currentCanary });
        if (found.status === 400 || found.status === 422) setProblem(message);
        else onFailed(message);
      }
    } finally {
      setBusy(false);
    }
  }

  const companies = review?.companies ?? [];
  // A wrong slug is the schema's `companies.<n>`: said on the one field.
  const listErrors = errors.companies as unknown as
    { message?: string } | ({ message?: string } | undefined)[] | undefined;
  const companiesError = Array.isArray(listErrors) ? listErrors.find(Boolean)?.message : listErrors?.message;
  return (
    <>
      <FormDialog
        open={review === null}
        title={t('releases.canaryForm.title', { version: release.version })}
        submitLabel={t('releases.canaryForm.review')}
        cancelLabel={t('common.cancel')}
        onSubmit={onSubmit}
        onCancel={onClose}
        problem={problem && <Alert kind="error">{problem}</Alert>}
      >
        <DecimalField
          label={t('releases.canaryForm.percent')}
          hint={t('releases.canaryForm.percentHint')}
          inputMode="numeric"
          required
          error={releaseFieldMessage(t, errors.percent?.message)}
          {...register('percent')}
        />
        <TextField
          label={t('releases.canaryForm.companies')}
          hint={t('releases.canaryForm.companiesHint')}
          autoCapitalize="none"
          spellCheck={false}
          error={releaseFieldMessage(t, companiesError)}
          {...register('companies')}
        />
      </FormDialog>
      <ConfirmDialog
        open={review !== null}
        title={t('releases.canaryForm.confirmTitle', { version: release.version })}
        message={
          review &&
          (companies.length
            ? t('releases.canaryForm.confirmWithCompanies', {
                remote: remoteLabel,
                share: formatShare(review.percent, lng),
                companies: companies.join(', '),
              })
            : t('releases.canaryForm.confirm', { remote: remoteLabel, share: formatShare(review.percent, lng) }))
        }
        confirmLabel={t('releases.canaryForm.apply')}
        cancelLabel={t('releases.canaryForm.back')}
        busy={busy}
        onConfirm={() => review && void apply(review)}
        onCancel={() => setReview(null)}
      />
    </>
  );
}
