import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BACKOFFICE_ROLES, type BackofficeRole } from '@hive/shared/config';
import { backofficePermissionTree } from '@hive/shared/menu';
import type { ListResponse } from '@hive/shared/schemas/backoffice';
import type { UserAccess, UserAccessSummary } from '@hive/shared/schemas/backoffice/team';
import { Alert, Button, PageFrame, SelectField, useToast } from '@hive/shared/ui';
import { useApi } from '../../../api';
import { DOCUMENT_TITLE_SUFFIX, useAreaT, usePageMeta, withAreaTexts } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { MenuPreview, PermissionGroups, teamStyles as styles } from '../shared';
import { TEAM_URL, useTeamApi } from '../api';

const MENU = backofficePermissionTree();

/**
 * Team › Permissions: one user's role, the pages granted or taken away on top of it, and the menu
 * they will see (the server's `visibleMenu` answer). The chosen user is in the URL (`?user=`).
 */
function PermissionsPage() {
  const { t } = useAreaT('team');
  const { title, breadcrumb } = usePageMeta('/permissions');
  const [params, setParams] = useSearchParams();
  const users = useApi<ListResponse<UserAccessSummary>>(TEAM_URL.permissions, { pageSize: 100, sort: 'email' });
  const failure = useFailureMessage('team:access');
  const userId = params.get('user') ?? '';

  let body;
  if (users.error) {
    body = (
      <Alert kind="error" action={<Button onClick={users.reload}>{t('common:common.tryAgain')}</Button>}>
        {failure(users.error)}
      </Alert>
    );
  } else if (!users.data) {
    body = <p role="status">{t('common:common.loading')}</p>;
  } else {
    body = (
      <div className={styles.section}>
        <SelectField
          label={t('permissions.user')}
          hint={t('permissions.userHint')}
          placeholder={t('permissions.chooseUser')}
          value={userId}
          onChange={(event) => {
            const next = new URLSearchParams(params);
            if (event.target.value) next.set('user', event.target.value);
            else next.delete('user');
            setParams(next, { replace: true });
          }}
          options={users.data.rows.map((u) => ({
            value: String(u.userId),
            label: t('permissions.userOption', {
              name: u.employeeName ?? u.email,
              email: u.email,
              role: t(`roleNames.${u.role}`),
            }),
          }))}
        />
        {userId ? <UserAccessView key={userId} userId={userId} onSaved={users.reload} /> : null}
      </div>
    );
  }
  return (
    <PageFrame
      title={title}
      breadcrumb={breadcrumb}
      breadcrumbLabel={t('common:layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
      description={t('permissions.description')}
    >
      {body}
    </PageFrame>
  );
}

function UserAccessView({ userId, onSaved }: { userId: string; onSaved: () => void }) {
  const { t } = useAreaT('team');
  const access = useApi<UserAccess>(TEAM_URL.userAccess(userId));
  const failure = useFailureMessage('team:access');
  if (access.error) {
    return (
      <Alert kind="error" action={<Button onClick={access.reload}>{t('common:common.tryAgain')}</Button>}>
        {failure(access.error)}
      </Alert>
    );
  }
  if (!access.data) return <p role="status">{t('common:common.loading')}</p>;
  return <AccessForm initial={access.data} onSaved={onSaved} />;
}

function AccessForm({ initial, onSaved }: { initial: UserAccess; onSaved: () => void }) {
  const { t } = useAreaT('team');
  const api = useTeamApi();
  const toast = useToast();
  const failure = useFailureMessage('team:access');
  const [access, setAccess] = useState(initial);
  const [role, setRole] = useState<BackofficeRole>(initial.user.role);
  const [granted, setGranted] = useState<string[]>(initial.granted);
  const [revoked, setRevoked] = useState<string[]>(initial.revoked);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  useEffect(() => {
    setRole(access.user.role);
    setGranted(access.granted);
    setRevoked(access.revoked);
  }, [access]);
  const roleSet = useMemo(() => new Set(access.rolePermissions), [access.rolePermissions]);
  const roleChanged = role !== access.user.role;
  const name = access.user.employeeName ?? access.user.email;

  // A box is what the user holds: the role's pages, plus the granted ones, minus the revoked ones.
  const holds = (permission: string) =>
    granted.includes(permission) || (roleSet.has(permission) && !revoked.includes(permission));
  const toggle = (permission: string, checked: boolean) => {
    const without = (list: string[]) => list.filter((p) => p !== permission);
    setGranted((list) => (checked && !roleSet.has(permission) ? [...without(list), permission] : without(list)));
    setRevoked((list) => (!checked && roleSet.has(permission) ? [...without(list), permission] : without(list)));
  };
  const note = (permission: string) =>
    granted.includes(permission)
      ? t('permissions.grantedNote')
      : revoked.includes(permission)
        ? t('permissions.revokedNote')
        : undefined;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setFormError(null);
    try {
      const body = { ...(roleChanged ? { role } : {}), granted, revoked };
      const saved = await api.saveAccess(access.user.userId, body);
      setAccess(saved);
      toast.success(t('permissions.saved', { name }));
      onSaved();
    } catch (error) {
      setFormError(failure(error));
    } finally {
      setSaving(false);
    }
  };
  const clear = () => {
    setGranted([]);
    setRevoked([]);
  };

  return (
    <div className={styles.section}>
      <form className={styles.section} onSubmit={save} noValidate aria-label={t('permissions.formLabel', { name })}>
        <h2 className={styles.heading}>{name}</h2>
        {!access.editable && <Alert kind="info">{t('permissions.notEditable')}</Alert>}
        {formError && <Alert kind="error">{formError}</Alert>}
        <SelectField
          label={t('permissions.role')}
          hint={roleChanged ? t('permissions.roleChangedHint') : t('permissions.roleHint')}
          value={role}
          disabled={!access.editable}
          onChange={(event) => setRole(event.target.value as BackofficeRole)}
          options={BACKOFFICE_ROLES.map((r) => ({ value: r, label: t(`roleNames.${r}`) }))}
        />
        <p className={styles.muted}>{t('permissions.pagesHint')}</p>
        <PermissionGroups menu={MENU} checked={holds} onChange={toggle} disabled={() => !access.editable} note={note} />
        {access.editable && (
          <div className={styles.actions}>
            <Button type="submit" variant="primary" disabled={saving}>
              {t('common:form.save')}
            </Button>
            <Button type="button" onClick={clear} disabled={granted.length === 0 && revoked.length === 0}>
              {t('permissions.clear')}
            </Button>
          </div>
        )}
      </form>
      <section className={styles.section} aria-labelledby="team-menu-preview">
        <h2 className={styles.heading} id="team-menu-preview">
          {t('permissions.previewTitle', { name })}
        </h2>
        <p className={styles.muted}>{t('permissions.previewHint')}</p>
        <MenuPreview label={t('permissions.previewLabel', { name })} menu={access.menu} />
      </section>
    </div>
  );
}

export default withAreaTexts('team', PermissionsPage);
