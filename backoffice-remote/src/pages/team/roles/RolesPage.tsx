import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { BackofficeRole } from '@hive/shared/config';
import {
  createRoleInputSchema,
  type RoleChangeAnswer,
  type RoleInfo,
  type RolesAnswer,
} from '@hive/shared/schemas/backoffice/team';
import { Alert, Button, CheckboxField, ConfirmDialog, PageFrame, SelectField, useToast } from '@hive/shared/ui';
import { useApi } from '../../../api';
import { DOCUMENT_TITLE_SUFFIX, useAreaT, usePageMeta, useValidationMessages, withAreaTexts } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { PermissionGroups, teamStyles as styles } from '../shared';
import { TEAM_URL, useTeamApi } from '../api';

type Schema = ReturnType<typeof createRoleInputSchema>;
type Values = z.input<Schema>;

/** Team › Roles: per role, the pages of the menu it grants and what it may do on the registers. */
function RolesPage() {
  const { t } = useAreaT('team');
  const { title, breadcrumb } = usePageMeta('/roles');
  const answer = useApi<RolesAnswer>(TEAM_URL.roles);
  const failure = useFailureMessage('team:access');
  const [role, setRole] = useState<BackofficeRole>('manager');

  let body;
  if (answer.error) {
    body = (
      <Alert kind="error" action={<Button onClick={answer.reload}>{t('common:common.tryAgain')}</Button>}>
        {failure(answer.error)}
      </Alert>
    );
  } else if (!answer.data) {
    body = <p role="status">{t('common:common.loading')}</p>;
  } else {
    const info = answer.data.roles.find((r) => r.role === role) ?? answer.data.roles[0]!;
    body = (
      <div className={styles.section}>
        <SelectField
          label={t('roles.choose')}
          value={info.role}
          onChange={(event) => setRole(event.target.value as BackofficeRole)}
          options={answer.data.roles.map((r) => ({
            value: r.role,
            label: t('roles.option', { role: t(`roleNames.${r.role}`), count: r.userCount }),
          }))}
        />
        <RoleForm key={info.role} answer={answer.data} initial={info} onSaved={answer.reload} />
      </div>
    );
  }
  return (
    <PageFrame
      title={title}
      breadcrumb={breadcrumb}
      breadcrumbLabel={t('common:layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
      description={t('roles.description')}
    >
      {body}
    </PageFrame>
  );
}

const valuesOf = (info: Pick<RoleInfo, 'permissions' | 'registerRights'>): Values => ({
  permissions: [...info.permissions],
  registerRights: { ...info.registerRights },
});

function RoleForm({ answer, initial, onSaved }: { answer: RolesAnswer; initial: RoleInfo; onSaved: () => void }) {
  const { t } = useAreaT('team');
  const api = useTeamApi();
  const toast = useToast();
  const messages = useValidationMessages();
  const failure = useFailureMessage('team:access');
  const [info, setInfo] = useState(initial);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [resetting, setResetting] = useState(false);
  const schema = useMemo(() => createRoleInputSchema(messages), [messages]);
  const { control, register, handleSubmit, reset, formState } = useForm<Values, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(initial),
  });
  useEffect(() => setInfo(initial), [initial]);
  const roleName = t(`roleNames.${info.role}`);
  const reachable = useMemo(() => new Set(info.reachable), [info.reachable]);
  const locked = useMemo(() => new Set(info.locked), [info.locked]);

  const done = (saved: RoleChangeAnswer, key: 'saved' | 'resetDone') => {
    setInfo(saved);
    reset(valuesOf(saved));
    toast.success(`${t(`roles.${key}`, { role: roleName })} ${t('roles.changedUsers', { count: saved.changedUsers })}`);
    onSaved();
  };

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      done(await api.saveRole(info.role, values), 'saved');
    } catch (error) {
      setFormError(failure(error));
    }
  });

  const resetRole = async () => {
    setResetting(true);
    setFormError(null);
    try {
      done(await api.resetRole(info.role), 'resetDone');
    } catch (error) {
      setFormError(failure(error));
    } finally {
      setResetting(false);
      setConfirmReset(false);
    }
  };

  return (
    <form className={styles.section} onSubmit={submit} noValidate aria-label={t('roles.formLabel', { role: roleName })}>
      <h2 className={styles.heading}>{t('roles.heading', { role: roleName })}</h2>
      {!info.editable && <Alert kind="info">{t('roles.notEditable')}</Alert>}
      {formError && <Alert kind="error">{formError}</Alert>}
      <p className={styles.muted}>{t('roles.pagesHint')}</p>
      <Controller
        control={control}
        name="permissions"
        render={({ field }) => (
          <PermissionGroups
            menu={answer.menu}
            checked={(name) => field.value.includes(name)}
            onChange={(name, checked) =>
              field.onChange(checked ? [...field.value, name] : field.value.filter((p) => p !== name))
            }
            disabled={(name) => !info.editable || locked.has(name)}
            note={(name) =>
              locked.has(name) ? t('roles.lockedNote') : reachable.has(name) ? undefined : t('roles.unreachableNote')
            }
          />
        )}
      />
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('roles.registerRights')}</legend>
        <div className={styles.boxes}>
          {answer.registerRights.map((right) => (
            <CheckboxField
              key={right}
              label={t(`rights.${right}`)}
              disabled={!info.editable}
              {...register(`registerRights.${right}`)}
            />
          ))}
        </div>
      </fieldset>
      {info.editable && (
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={formState.isSubmitting}>
            {t('common:form.save')}
          </Button>
          <Button type="button" onClick={() => setConfirmReset(true)}>
            {t('roles.reset')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirmReset}
        title={t('roles.resetTitle', { role: roleName })}
        message={t('roles.resetMessage')}
        confirmLabel={t('roles.reset')}
        busy={resetting}
        onConfirm={() => void resetRole()}
        onCancel={() => setConfirmReset(false)}
      />
    </form>
  );
}

export default withAreaTexts('team', RolesPage);
