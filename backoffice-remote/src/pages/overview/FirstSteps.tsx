import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Circle, CircleCheck } from 'lucide-react';
import { canSeePath } from '@hive/shared/menu';
import { showFirstSteps, type FirstSteps as State } from '@hive/shared/schemas/backoffice/firstSteps';
import { selectMenuContext, useAppSelector } from '@hive/shared/store';
import { Alert, Button } from '@hive/shared/ui';
import { useApi } from '../../api';
import { useT } from '../../i18n';
import { OVERVIEW_URL, useOverviewApi } from './api';
import styles from './firstSteps.module.css';

/**
 * The first-steps checklist of a new company (issue 43): each step ticked from the company's data
 * (the server reads its tables), linking to the page that does it. Gone once every step is done or
 * an admin or manager hid it (stored for the company, so it stays hidden on every device).
 */
export function FirstSteps() {
  const { t } = useT();
  const api = useOverviewApi();
  const { data } = useApi<State>(OVERVIEW_URL.firstSteps);
  const [hidden, setHidden] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const menu = useAppSelector(selectMenuContext);
  // Nothing until known, and nothing if it cannot be read: the overview stands without it.
  if (!data || hidden || !showFirstSteps(data)) return null;

  const done = data.steps.filter((step) => step.done).length;
  async function dismiss() {
    setBusy(true);
    setFailed(false);
    try {
      await api.dismissFirstSteps();
      setHidden(true);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.checklist} aria-labelledby="first-steps-title">
      <div className={styles.head}>
        <h2 id="first-steps-title" className={styles.title}>
          {t('overview.firstSteps.title')}
        </h2>
        <span className={styles.progress}>{t('overview.firstSteps.progress', { done, total: data.steps.length })}</span>
      </div>
      <p className={styles.intro}>{t('overview.firstSteps.intro')}</p>
      <ol className={styles.steps}>
        {data.steps.map((step) => {
          const Icon = step.done ? CircleCheck : Circle;
          const state = t(step.done ? 'overview.firstSteps.done' : 'overview.firstSteps.todo');
          return (
            <li key={step.key} className={step.done ? styles.done : undefined}>
              <Icon size={18} aria-hidden="true" className={styles.icon} />
              {/* A page the reader cannot open is named, not linked (someone else's step). */}
              {canSeePath(step.path, menu) ? (
                <Link to={step.path}>{t(`overview.firstSteps.steps.${step.key}`)}</Link>
              ) : (
                <span>{t(`overview.firstSteps.steps.${step.key}`)}</span>
              )}
              <span className={styles.srOnly}>{`, ${state}`}</span>
            </li>
          );
        })}
      </ol>
      {failed && <Alert kind="error">{t('overview.firstSteps.dismissFailed')}</Alert>}
      {data.canDismiss && (
        <Button variant="ghost" size="small" onClick={dismiss} disabled={busy}>
          {t('overview.firstSteps.dismiss')}
        </Button>
      )}
    </section>
  );
}
