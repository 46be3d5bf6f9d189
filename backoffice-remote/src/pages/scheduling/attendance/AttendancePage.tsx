import { useId, useState, type ReactNode } from 'react';
import { CheckCheck, Plus } from 'lucide-react';
import type { AttendanceAnswer, MissingPunch, TimeEntry } from '@hive/shared/schemas/backoffice/scheduling';
import { Alert, Button, ConfirmDialog, EmptyState, PageFrame, useToast } from '@hive/shared/ui';
import { apiErrorBody, httpStatus, useApi } from '../../../api';
import { DOCUMENT_TITLE_SUFFIX, useAreaT, usePageMeta, withAreaTexts } from '../../../i18n';
import { useReportParams } from '../../../frames/report/useReportParams';
import { useFailureMessage } from '../../../frames/resource';
import { datePart, schedulingStyles as shared, useSchedulingFormat, useServerMessage } from '../shared';
import { SCHEDULING_URL, useSchedulingApi } from '../api';
import { AttendanceFilters } from './AttendanceFilters';
import { EntriesTable, approvable } from './EntriesTable';
import { EntryDialog, type EntryDraft } from './EntryDialog';
import { MissingPunches } from './MissingPunches';
import styles from './attendance.module.css';

const PATH = '/attendancer';

type Editing = { entry: TimeEntry } | { draft: EntryDraft } | null;

/**
 * Team › Scheduling › Attendance: the time clock's entries of a period (the report frame's filters
 * and the status, all in the URL), their flags, corrections and manual entries with a reason,
 * approval one by one or of the selected rows, and the scheduled shifts nobody clocked in for.
 */
function AttendancePage() {
  const { t } = useAreaT('scheduling');
  const api = useSchedulingApi();
  const toast = useToast();
  const failure = useFailureMessage('scheduling:attendance');
  const serverMessage = useServerMessage();
  const { title, breadcrumb } = usePageMeta(PATH);
  const { values, query, update, reset } = useReportParams();
  const answer = useApi<AttendanceAnswer>(SCHEDULING_URL.attendance, query);
  const data = answer.data;
  const format = useSchedulingFormat(data?.currency);
  const entriesHeading = useId();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<TimeEntry | null>(null);
  const [busy, setBusy] = useState(false);

  const entries = data?.entries ?? [];
  // Only rows on screen that can still be approved count as selected.
  const chosen = entries.filter((e) => approvable(e) && selected.has(e.id)).map((e) => e.id);
  const rowName = (entry: TimeEntry) =>
    t('attendance.table.rowName', { name: entry.employeeName, day: format.dayShort(datePart(entry.clockIn)) });

  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      toast.success(await work());
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setBusy(false);
      answer.reload();
    }
  };
  const approveOne = (entry: TimeEntry) =>
    void act(async () => {
      await api.approveEntry(entry.id);
      return t('attendance.approve.one', { name: rowName(entry) });
    });
  const approveSelected = () =>
    void act(async () => {
      const result = await api.approveEntries(chosen);
      setSelected(new Set());
      const approved = t('attendance.approve.approved', { count: result.approved });
      return result.skipped > 0
        ? t('attendance.approve.withSkipped', {
            approved,
            skipped: t('attendance.approve.skipped', { count: result.skipped }),
          })
        : approved;
    });
  const remove = () => {
    const entry = toDelete;
    if (!entry) return;
    void act(async () => {
      try {
        await api.deleteEntry(entry.id);
      } finally {
        setToDelete(null);
      }
      return t('attendance.delete.done', { name: rowName(entry) });
    });
  };
  const addForPunch = (punch: MissingPunch) =>
    setEditing({
      draft: {
        employeeId: punch.employeeId,
        locationId: data?.filters.locations.find((l) => l.name === punch.locationName)?.id,
        clockIn: `${punch.date}T${punch.start}`,
      },
    });

  let body: ReactNode;
  if (answer.error && httpStatus(answer.error) === 400) {
    const reasons = Object.entries(apiErrorBody(answer.error)?.fields ?? {}).map(
      ([field, message]) =>
        `${t(`attendance.filters.fields.${field}`, { defaultValue: field })}: ${serverMessage(message)}`,
    );
    body = (
      <Alert kind="error" action={<Button onClick={reset}>{t('attendance.filters.reset')}</Button>}>
        {t('attendance.filters.bad')} {reasons.join(' ')}
      </Alert>
    );
  } else if (answer.error && !data) {
    body = (
      <Alert kind="error" action={<Button onClick={answer.reload}>{t('common:common.tryAgain')}</Button>}>
        {failure(answer.error)}
      </Alert>
    );
  } else if (!data) {
    body = <p role="status">{t('common:common.loading')}</p>;
  } else {
    body = (
      <div
        className={[shared.page, answer.loading && styles.refreshing].filter(Boolean).join(' ')}
        aria-busy={answer.loading || undefined}
      >
        <section className={shared.section} aria-labelledby={entriesHeading}>
          <div className={shared.sectionHead}>
            <h2 id={entriesHeading} className={shared.heading}>
              {t('attendance.table.title')}
            </h2>
            <Button
              variant="primary"
              icon={<CheckCheck size={16} aria-hidden="true" />}
              disabled={chosen.length === 0 || busy}
              onClick={approveSelected}
            >
              {t('attendance.approve.selected', { count: chosen.length })}
            </Button>
          </div>
          <p className={styles.pending}>
            {data.pendingCount > 0
              ? t('attendance.pending', { count: data.pendingCount })
              : t('attendance.nonePending')}
          </p>
          {entries.length === 0 ? (
            <EmptyState
              plain
              level={3}
              title={t('attendance.table.emptyTitle')}
              message={t(values.status ? 'attendance.table.emptyFiltered' : 'attendance.table.emptyMessage')}
            />
          ) : (
            <EntriesTable
              entries={entries}
              format={format}
              selected={selected}
              busy={busy}
              onSelect={(id, checked) =>
                setSelected((current) => {
                  const next = new Set(current);
                  if (checked) next.add(id);
                  else next.delete(id);
                  return next;
                })
              }
              onSelectAll={(checked) =>
                setSelected(checked ? new Set(entries.filter(approvable).map((e) => e.id)) : new Set())
              }
              onEdit={(entry) => setEditing({ entry })}
              onApprove={approveOne}
              onDelete={setToDelete}
            />
          )}
        </section>
        <MissingPunches missing={data.missing} format={format} onAdd={addForPunch} />
        {editing && (
          <EntryDialog
            entry={'entry' in editing ? editing.entry : undefined}
            draft={'draft' in editing ? editing.draft : undefined}
            employees={data.filters.employees}
            locations={data.filters.locations}
            onClose={() => setEditing(null)}
            onSaved={(saved, created) => {
              setEditing(null);
              toast.success(
                t(created ? 'attendance.dialog.created' : 'attendance.dialog.saved', { name: rowName(saved) }),
              );
              answer.reload();
            }}
          />
        )}
        <ConfirmDialog
          open={toDelete !== null}
          title={t('attendance.delete.title')}
          message={toDelete ? t('attendance.delete.message', { name: rowName(toDelete) }) : ''}
          confirmLabel={t('common:common.delete')}
          cancelLabel={t('common:common.cancel')}
          danger
          busy={busy}
          onConfirm={remove}
          onCancel={() => setToDelete(null)}
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
      description={t('attendance.description')}
      actions={
        <Button
          variant="primary"
          icon={<Plus size={16} aria-hidden="true" />}
          disabled={!data}
          onClick={() =>
            setEditing({
              draft: {
                employeeId: values.employee ? Number(values.employee) : undefined,
                locationId: values.location ? Number(values.location) : undefined,
              },
            })
          }
        >
          {t('attendance.add')}
        </Button>
      }
    >
      <div className={shared.page}>
        <AttendanceFilters data={data} values={values} update={update} format={format} />
        {body}
      </div>
    </PageFrame>
  );
}

export default withAreaTexts('scheduling', AttendancePage);
