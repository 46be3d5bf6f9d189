import { useEffect, useId, useState, type ReactNode } from 'react';
import { CalendarCheck, ChevronLeft, ChevronRight, Copy, Send } from 'lucide-react';
import type { ScheduleEmployee, ScheduleShift, ScheduleWeek } from '@hive/shared/schemas/backoffice/scheduling';
import { Alert, Button, ConfirmDialog, PageFrame, SelectField, TextField, useToast } from '@hive/shared/ui';
import { apiErrorBody, httpStatus, useApi } from '../../../api';
import { DOCUMENT_TITLE_SUFFIX, useAreaT, usePageMeta, withAreaTexts } from '../../../i18n';
import { useReportParams } from '../../../frames/report/useReportParams';
import { useFailureMessage } from '../../../frames/resource';
import {
  addDays,
  Badge,
  mondayOf,
  schedulingStyles as shared,
  useSchedulingFormat,
  useServerMessage,
  type SchedulingFormat,
} from '../shared';
import { SCHEDULING_URL, useSchedulingApi } from '../api';
import { ConflictList } from './ConflictList';
import { LabourPanel } from './LabourPanel';
import { ShiftDialog, type ShiftTarget } from './ShiftDialog';
import { TimeOffSection } from './TimeOffSection';
import { WeekGrid } from './WeekGrid';
import styles from './schedule.module.css';

const PATH = '/scheduling';

/**
 * Team › Scheduling › Schedule: a location's week (both in the URL, `?location=&week=&basis=`) as a
 * grid of shifts per employee and day, with their conflicts, the projected labour, the week's time
 * off, copying last week and publishing.
 */
function SchedulePage() {
  const { t } = useAreaT('scheduling');
  const api = useSchedulingApi();
  const toast = useToast();
  const failure = useFailureMessage('scheduling:schedule');
  const serverMessage = useServerMessage();
  const { title, breadcrumb } = usePageMeta(PATH);
  const { values, update, reset } = useReportParams();
  const query = { location: values.location, week: values.week, basis: values.basis };
  const answer = useApi<ScheduleWeek>(SCHEDULING_URL.schedule, query);
  const week = answer.data;
  const format = useSchedulingFormat(week?.currency);
  const [target, setTarget] = useState<ShiftTarget | null>(null);
  const [confirm, setConfirm] = useState<'copy' | 'publish' | null>(null);
  const [busy, setBusy] = useState(false);

  const openShift = (shift: ScheduleShift) => setTarget({ employeeId: shift.employeeId, date: shift.date, shift });
  const addShift = (employee: ScheduleEmployee, date: string) => setTarget({ employeeId: employee.id, date });

  const runAction = async () => {
    if (!week || !confirm) return;
    setBusy(true);
    const body = { locationId: week.locationId, week: week.week };
    try {
      if (confirm === 'copy') {
        const result = await api.copyWeek(body);
        toast.success(
          result.skipped > 0
            ? t('schedule.copy.doneSkipped', {
                copied: t('schedule.copy.copied', { count: result.copied }),
                skipped: t('schedule.copy.skipped', { count: result.skipped }),
              })
            : t('schedule.copy.copied', { count: result.copied }),
        );
      } else {
        const result = await api.publishWeek(body);
        toast.success(t('schedule.publish.done', { count: result.emailed }));
      }
      answer.reload();
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  let body: ReactNode;
  if (answer.error && httpStatus(answer.error) === 400) {
    const reasons = Object.values(apiErrorBody(answer.error)?.fields ?? {}).map(serverMessage);
    body = (
      <Alert kind="error" action={<Button onClick={reset}>{t('schedule.backToDefault')}</Button>}>
        {t('schedule.badQuery')} {reasons.join(' ')}
      </Alert>
    );
  } else if (answer.error && !week) {
    body = (
      <Alert kind="error" action={<Button onClick={answer.reload}>{t('common:common.tryAgain')}</Button>}>
        {failure(answer.error)}
      </Alert>
    );
  } else if (!week) {
    body = <p role="status">{t('common:common.loading')}</p>;
  } else {
    body = (
      <div
        className={[shared.page, answer.loading && styles.refreshing].filter(Boolean).join(' ')}
        aria-busy={answer.loading || undefined}
      >
        <WeekSummary week={week} format={format} />
        <ConflictList week={week} format={format} onOpen={openShift} />
        <WeekGrid week={week} format={format} onAdd={addShift} onOpen={openShift} />
        <div className={styles.panels}>
          <LabourPanel
            week={week}
            format={format}
            onBasis={(basis) => update({ basis: basis === 'last_4_weeks' ? null : basis }, { replace: true })}
          />
          <TimeOffSection week={week} format={format} onChanged={answer.reload} />
        </div>
        {target && (
          <ShiftDialog
            key={`${target.employeeId}-${target.date}-${target.shift?.id ?? 'new'}`}
            week={week}
            target={target}
            format={format}
            onClose={() => setTarget(null)}
            onDone={(what, name) => {
              setTarget(null);
              toast.success(t(`schedule.dialog.${what}`, { name }));
              answer.reload();
            }}
          />
        )}
        <ConfirmDialog
          open={confirm !== null}
          title={confirm === 'copy' ? t('schedule.copy.title') : t('schedule.publish.title')}
          message={
            confirm === 'copy'
              ? t('schedule.copy.message', {
                  from: format.date(addDays(week.week, -7) ?? week.week),
                  location: week.locationName,
                })
              : t('schedule.publish.message', { from: format.date(week.week), location: week.locationName })
          }
          confirmLabel={confirm === 'copy' ? t('schedule.copy.confirm') : t('schedule.publish.confirm')}
          cancelLabel={t('common:common.cancel')}
          busy={busy}
          onConfirm={() => void runAction()}
          onCancel={() => setConfirm(null)}
        />
      </div>
    );
  }

  return (
    <PageFrame
      title={title}
      breadcrumb={breadcrumb}
      breadcrumbLabel={t('common:layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
      actions={
        <div className={shared.buttons}>
          <Button
            icon={<Copy size={16} aria-hidden="true" />}
            disabled={!week || busy}
            onClick={() => setConfirm('copy')}
          >
            {t('schedule.copy.button')}
          </Button>
          <Button
            variant="primary"
            icon={<Send size={16} aria-hidden="true" />}
            disabled={!week || busy}
            onClick={() => setConfirm('publish')}
          >
            {t('schedule.publish.button')}
          </Button>
        </div>
      }
    >
      <div className={shared.page}>
        <WeekControls week={week} values={values} update={update} />
        {body}
      </div>
    </PageFrame>
  );
}

/** The location and the week (previous, this, next, or any date): both in the URL. */
function WeekControls({
  week,
  values,
  update,
}: {
  week: ScheduleWeek | undefined;
  values: Record<string, string>;
  update: ReturnType<typeof useReportParams>['update'];
}) {
  const { t } = useAreaT('scheduling');
  const shown = week?.week ?? values.week ?? '';
  // The date being typed; the URL changes once it is a whole date.
  const [draft, setDraft] = useState(shown);
  useEffect(() => setDraft(shown), [shown]);
  const go = (date: string | null) => {
    const monday = date === null ? null : mondayOf(date);
    if (date === null || monday) update({ week: monday });
  };
  const locations = week?.locations ?? [];
  const location = week ? String(week.locationId) : (values.location ?? '');
  const options = locations.map((l) => ({ value: String(l.id), label: l.name }));
  if (location && !options.some((o) => o.value === location)) options.push({ value: location, label: location });
  return (
    <div className={shared.controls} role="group" aria-label={t('schedule.controls.label')}>
      <SelectField
        label={t('schedule.controls.location')}
        className={shared.control}
        value={location}
        onChange={(event) => update({ location: event.target.value || null })}
        options={options}
      />
      <div className={shared.buttons}>
        <Button
          icon={<ChevronLeft size={16} aria-hidden="true" />}
          disabled={!shown}
          onClick={() => go(addDays(shown, -7))}
        >
          {t('schedule.controls.previous')}
        </Button>
        <Button icon={<CalendarCheck size={16} aria-hidden="true" />} onClick={() => go(null)}>
          {t('schedule.controls.thisWeek')}
        </Button>
        <Button disabled={!shown} onClick={() => go(addDays(shown, 7))}>
          {t('schedule.controls.next')}
          <ChevronRight size={16} aria-hidden="true" />
        </Button>
      </div>
      <TextField
        type="date"
        label={t('schedule.controls.date')}
        hint={t('schedule.controls.dateHint')}
        className={shared.control}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          if (/^\d{4}-\d{2}-\d{2}$/.test(event.target.value)) go(event.target.value);
        }}
      />
    </div>
  );
}

/** The week's dates and location, and whether (and when, by whom) it was published. */
function WeekSummary({ week, format }: { week: ScheduleWeek; format: SchedulingFormat }) {
  const { t } = useAreaT('scheduling');
  const headingId = useId();
  const { published } = week;
  let status: string;
  if (!published) status = t('schedule.publish.never');
  else if (published.by)
    status = t('schedule.publish.statusBy', { date: format.dateTime(published.at), name: published.by });
  else status = t('schedule.publish.status', { date: format.dateTime(published.at) });
  return (
    <section className={styles.summary} aria-labelledby={headingId}>
      <h2 id={headingId} className={shared.heading}>
        {t('schedule.weekOf', {
          from: format.date(week.days[0]!),
          to: format.date(week.days[6]!),
          location: week.locationName,
        })}
      </h2>
      <p className={styles.status}>
        <span>{status}</span>
        {week.unpublishedCount > 0 && (
          <Badge kind="warn">{t('schedule.publish.changes', { count: week.unpublishedCount })}</Badge>
        )}
      </p>
    </section>
  );
}

export default withAreaTexts('scheduling', SchedulePage);
