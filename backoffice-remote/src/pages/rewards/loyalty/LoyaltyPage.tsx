import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { LoyaltyOverview } from '@hive/shared/schemas/backoffice/rewards';
import { Alert, PageFrame, SearchField } from '@hive/shared/ui';
import { useApi } from '../../../api';
import { useCentsFormat } from '../../../components';
import { DOCUMENT_TITLE_SUFFIX, useAreaT, usePageMeta, withAreaTexts } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { LoyaltySettingsForm } from './LoyaltySettingsForm';
import { MemberHistory } from './MemberHistory';
import { REWARDS_URL } from '../api';
import styles from '../shared/rewards.module.css';

const PATH = '/nectar_points';

/** The programme's settings and every customer's points; `?customer=<id>`: one customer's history. */
function LoyaltyPage() {
  const { t } = useAreaT('rewards');
  const [params, setParams] = useSearchParams();
  const customer = Number(params.get('customer') ?? '');
  const overview = useApi<LoyaltyOverview>(REWARDS_URL.loyalty);
  const failure = useFailureMessage('rewards:loyalty');
  const member = Number.isInteger(customer) && customer > 0 ? customer : null;
  const { title, breadcrumb } = usePageMeta(PATH, member ? [t('loyalty.history.title')] : []);

  let body;
  if (overview.error) body = <Alert kind="error">{failure(overview.error)}</Alert>;
  else if (!overview.data) body = <p role="status">{t('common:common.loading')}</p>;
  else if (member) {
    body = (
      <MemberHistory
        customerId={member}
        settings={overview.data.settings}
        onBack={() => setParams({}, { replace: false })}
        onChanged={overview.reload}
      />
    );
  } else body = <Overview data={overview.data} onSaved={overview.reload} />;

  return (
    <PageFrame
      title={title}
      breadcrumb={breadcrumb}
      breadcrumbLabel={t('common:layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
      description={t('loyalty.description')}
    >
      {body}
    </PageFrame>
  );
}

function Overview({ data, onSaved }: { data: LoyaltyOverview; onSaved: () => void }) {
  const { t } = useAreaT('rewards');
  const format = useCentsFormat();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    const found = needle
      ? data.members.filter((m) => `${m.name} ${m.email}`.toLocaleLowerCase().includes(needle))
      : data.members;
    return found.slice(0, 200);
  }, [data.members, search]);

  return (
    <>
      <LoyaltySettingsForm settings={data.settings} currency={data.currency} onSaved={onSaved} />
      <section className={styles.section} aria-labelledby="loyalty-members">
        <h2 className={styles.heading} id="loyalty-members">
          {t('loyalty.members.title')}
        </h2>
        <dl className={styles.figures}>
          <div>
            <dt>{t('loyalty.members.outstanding')}</dt>
            <dd>{format.integer(data.totals.points)}</dd>
          </div>
          <div>
            <dt>{t('loyalty.members.worth')}</dt>
            <dd>{format.cents(data.totals.valueCents)}</dd>
          </div>
          <div>
            <dt>{t('loyalty.members.earned30d')}</dt>
            <dd>{format.integer(data.totals.earned30d)}</dd>
          </div>
          <div>
            <dt>{t('loyalty.members.redeemed30d')}</dt>
            <dd>{format.integer(data.totals.redeemed30d)}</dd>
          </div>
        </dl>
        <SearchField
          label={t('loyalty.members.search')}
          placeholder={t('loyalty.members.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <div className={styles.tableBox} role="region" aria-labelledby="loyalty-members" tabIndex={0}>
          <table className={styles.table}>
            <caption className={styles.caption}>{t('loyalty.members.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('loyalty.members.customer')}</th>
                <th scope="col" className={styles.amount}>
                  {t('loyalty.members.points')}
                </th>
                <th scope="col" className={styles.amount}>
                  {t('loyalty.members.value')}
                </th>
                <th scope="col">{t('loyalty.members.lastActivity')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((m) => (
                <tr key={m.id}>
                  <td>
                    <Link to={`${PATH}?customer=${m.id}`}>{m.name}</Link>
                    {m.email && <div className={styles.muted}>{m.email}</div>}
                  </td>
                  <td className={styles.amount}>{format.integer(m.points)}</td>
                  <td className={styles.amount}>{format.cents(m.valueCents)}</td>
                  <td>{m.lastActivityAt === null ? '' : format.date(m.lastActivityAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {shown.length === 0 && <p className={styles.muted}>{t('loyalty.members.none')}</p>}
      </section>
    </>
  );
}

export default withAreaTexts('rewards', LoyaltyPage);
