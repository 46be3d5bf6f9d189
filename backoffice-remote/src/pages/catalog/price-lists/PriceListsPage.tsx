import { useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  PRICE_LIST_LIMITS,
  PRICE_ROUNDINGS,
  PRICE_RULES,
  applyPriceRule,
  type PriceList,
  type PriceListImportPreview,
  type PriceListPreviewChange,
  type PriceRounding,
  type PriceRule,
} from '@hive/shared/schemas/backoffice/catalog';
import {
  Alert,
  Button,
  DecimalField,
  PageFrame,
  SearchField,
  SelectField,
  minorUnits,
  parseDecimal,
  useToast,
} from '@hive/shared/ui';
import { csvDelimiter, readCsvFile, useApi } from '../../../api';
import { useCentsFormat } from '../../../components';
import {
  DOCUMENT_TITLE_SUFFIX,
  useAreaT,
  useDecimalMessage,
  useLanguage,
  usePageMeta,
  withAreaTexts,
} from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { CATALOG_URL, useCatalogApi } from '../api';
import styles from '../shared/catalog.module.css';

const PATH = '/price_hive_items';
const SHOWN_MAX = 200;
/** A set price (cents), and a percentage (basis points, may be negative): 2 decimals each. */
const PRICE = { decimals: 2 };
const PERCENT = { decimals: 2, signed: true };

/** Each item's price at each price level; bulk changes and CSV, both previewed before they apply. */
function PriceListsPage() {
  const { t } = useAreaT('catalog');
  const { title, breadcrumb } = usePageMeta(PATH);
  const list = useApi<PriceList>(CATALOG_URL.priceLists);
  const failure = useFailureMessage('catalog:priceLists');
  let body;
  if (list.error) body = <Alert kind="error">{failure(list.error)}</Alert>;
  else if (!list.data) body = <p role="status">{t('common:common.loading')}</p>;
  else if (list.data.levels.length === 0) body = <Alert kind="info">{t('priceLists.noLevels')}</Alert>;
  else body = <PriceLists list={list.data} onChanged={list.reload} />;
  return (
    <PageFrame
      title={title}
      breadcrumb={breadcrumb}
      breadcrumbLabel={t('common:layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
      description={t('priceLists.description')}
    >
      {body}
    </PageFrame>
  );
}

function PriceLists({ list, onChanged }: { list: PriceList; onChanged: () => void }) {
  const { t, i18n } = useAreaT('catalog');
  const format = useCentsFormat();
  const api = useCatalogApi();
  const toast = useToast();
  const failure = useFailureMessage('catalog:priceLists');
  const [search, setSearch] = useState('');
  const [preview, setPreview] = useState<PriceListImportPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const matching = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return needle
      ? list.items.filter((i) => `${i.name} ${i.sku} ${i.categoryName ?? ''}`.toLocaleLowerCase().includes(needle))
      : list.items;
  }, [list.items, search]);

  const apply = async () => {
    if (!preview) return;
    setBusy(true);
    try {
      await api.applyPriceChanges({
        changes: preview.changes.map(({ itemId, levelId, priceCents }) => ({ itemId, levelId, priceCents })),
      });
      toast.success(t('priceLists.applied', { count: preview.changes.length }));
      setPreview(null);
      onChanged();
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className={styles.row}>
        <Button
          onClick={() =>
            void api
              .exportPriceList({ delimiter: csvDelimiter(i18n.language) })
              .catch((error: unknown) => toast.error(failure(error)))
          }
        >
          {t('priceLists.export')}
        </Button>
        <ImportButton onPreview={setPreview} />
      </div>
      <BulkEdit list={list} items={matching} onPreview={setPreview} />
      {preview && (
        <section className={styles.lines} aria-labelledby="price-preview">
          <h2 id="price-preview">{t('priceLists.preview.title')}</h2>
          <p className={styles.muted}>
            {t('priceLists.preview.summary', { changes: preview.changes.length, unchanged: preview.unchanged })}
          </p>
          {preview.errors.length > 0 && (
            <Alert kind="warning">
              <span>{t('priceLists.preview.errors')}</span>
              <ul>
                {preview.errors.map((e, k) => (
                  <li key={k}>{t('priceLists.preview.errorLine', { line: e.line, message: e.message })}</li>
                ))}
              </ul>
            </Alert>
          )}
          {preview.changes.length > 0 && <ChangesTable changes={preview.changes} />}
          <div className={styles.row}>
            <Button variant="primary" onClick={() => void apply()} disabled={busy || preview.changes.length === 0}>
              {t('priceLists.preview.apply', { count: preview.changes.length })}
            </Button>
            <Button onClick={() => setPreview(null)}>{t('priceLists.preview.discard')}</Button>
          </div>
        </section>
      )}
      <section className={styles.lines} aria-labelledby="price-grid">
        <h2 id="price-grid">{t('priceLists.grid.title')}</h2>
        <SearchField
          label={t('priceLists.grid.search')}
          placeholder={t('priceLists.grid.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <div className={styles.tableBox} role="region" aria-labelledby="price-grid" tabIndex={0}>
          <table className={styles.table}>
            <caption className={styles.caption}>{t('priceLists.grid.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('priceLists.grid.item')}</th>
                <th scope="col" className={styles.num}>
                  {t('priceLists.grid.base')}
                </th>
                {list.levels.map((l) => (
                  <th key={l.id} scope="col" className={styles.num}>
                    {l.active ? l.name : t('priceLists.grid.inactive', { name: l.name })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {matching.slice(0, SHOWN_MAX).map((item) => (
                <tr key={item.id}>
                  <th scope="row">
                    {item.name}
                    {item.sku && <span className={styles.muted}> · {item.sku}</span>}
                  </th>
                  <td className={styles.num}>{format.cents(item.baseCents)}</td>
                  {list.levels.map((l) => {
                    const price = item.prices[String(l.id)];
                    return (
                      <td key={l.id} className={styles.num}>
                        {price?.ownCents === null || price === undefined ? (
                          <span className={styles.muted}>{format.cents(item.baseCents)}</span>
                        ) : (
                          <strong>{format.cents(price.effectiveCents)}</strong>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className={styles.muted}>
          {matching.length > SHOWN_MAX
            ? t('priceLists.grid.more', { shown: SHOWN_MAX, total: matching.length })
            : t('priceLists.grid.legend')}
        </p>
      </section>
    </>
  );
}

function ChangesTable({ changes }: { changes: PriceListPreviewChange[] }) {
  const { t } = useAreaT('catalog');
  const format = useCentsFormat();
  const price = (cents: number | null) => (cents === null ? t('priceLists.preview.base') : format.cents(cents));
  return (
    <div className={styles.tableBox} role="region" aria-label={t('priceLists.preview.table')} tabIndex={0}>
      <table className={styles.table}>
        <caption className={styles.caption}>{t('priceLists.preview.table')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('priceLists.grid.item')}</th>
            <th scope="col">{t('priceLists.preview.level')}</th>
            <th scope="col" className={styles.num}>
              {t('priceLists.preview.old')}
            </th>
            <th scope="col" className={styles.num}>
              {t('priceLists.preview.new')}
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.slice(0, SHOWN_MAX).map((c) => (
            <tr key={`${c.itemId}:${c.levelId}`}>
              <td>{c.itemName}</td>
              <td>{c.levelName}</td>
              <td className={styles.num}>{price(c.oldCents)}</td>
              <td className={styles.num}>{price(c.priceCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A rule over the items shown (the search): the new prices are worked out here and previewed. */
function BulkEdit({
  list,
  items,
  onPreview,
}: {
  list: PriceList;
  items: PriceList['items'];
  onPreview: (p: PriceListImportPreview) => void;
}) {
  const { t } = useAreaT('catalog');
  const lang = useLanguage();
  const decimalMessage = useDecimalMessage();
  const [levelId, setLevelId] = useState(String(list.levels[0]!.id));
  const [rule, setRule] = useState<PriceRule>('percentOfBase');
  const [value, setValue] = useState('');
  const [rounding, setRounding] = useState<PriceRounding>('cent');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const level = list.levels.find((l) => String(l.id) === levelId)!;
    let priceCents: number | undefined;
    let percentBp: number | undefined;
    // Read in the user's language ("12,50" in es); what cannot be read for sure is said on the field.
    if (rule === 'set') {
      const parsed = parseDecimal(value, lang, PRICE);
      if (!parsed.ok && parsed.problem !== 'negative') return setError(decimalMessage(parsed.problem, PRICE));
      const cents = parsed.ok ? minorUnits(parsed, PRICE.decimals) : null;
      if (cents === null) return setError(t('priceLists.bulk.errors.price'));
      priceCents = cents;
    } else if (rule !== 'clear') {
      const parsed = parseDecimal(value, lang, PERCENT);
      if (!parsed.ok) return setError(decimalMessage(parsed.problem, PERCENT));
      const bp = minorUnits(parsed, PERCENT.decimals);
      if (bp === null || bp <= -10_000 || bp > 100_000) return setError(t('priceLists.bulk.errors.percent'));
      percentBp = bp;
    }
    setError(null);
    const changes: PriceListPreviewChange[] = [];
    let unchanged = 0;
    for (const item of items) {
      const current = item.prices[levelId];
      const next = applyPriceRule(
        { kind: rule, priceCents, percentBp, rounding },
        { baseCents: item.baseCents, currentCents: current?.effectiveCents ?? item.baseCents },
      );
      const old = current?.ownCents ?? null;
      if (next === old) unchanged += 1;
      else
        changes.push({
          itemId: item.id,
          levelId: level.id,
          priceCents: next,
          itemName: item.name,
          levelName: level.name,
          oldCents: old,
        });
    }
    onPreview({ changes, errors: [], unchanged });
  };

  return (
    <form onSubmit={submit} noValidate>
      <fieldset className={styles.line}>
        <legend className={styles.wide}>{t('priceLists.bulk.title', { count: items.length })}</legend>
        <SelectField
          label={t('priceLists.bulk.level')}
          value={levelId}
          options={list.levels.map((l) => ({ value: String(l.id), label: l.name }))}
          onChange={(e) => setLevelId(e.target.value)}
        />
        <SelectField
          label={t('priceLists.bulk.rule')}
          value={rule}
          options={PRICE_RULES.map((r) => ({ value: r, label: t(`priceLists.rules.${r}`) }))}
          onChange={(e) => setRule(e.target.value as PriceRule)}
        />
        {rule !== 'clear' && (
          <DecimalField
            label={t(rule === 'set' ? 'priceLists.bulk.price' : 'priceLists.bulk.percent')}
            hint={t(rule === 'set' ? 'priceLists.bulk.priceHint' : 'priceLists.bulk.percentHint')}
            value={value}
            error={error ?? undefined}
            onChange={(e: ChangeEvent<HTMLInputElement>) => setValue(e.target.value)}
          />
        )}
        {(rule === 'percentOfBase' || rule === 'percentOfLevel') && (
          <SelectField
            label={t('priceLists.bulk.rounding')}
            value={rounding}
            options={PRICE_ROUNDINGS.map((r) => ({ value: r, label: t(`priceLists.roundings.${r}`) }))}
            onChange={(e) => setRounding(e.target.value as PriceRounding)}
          />
        )}
        <div className={styles.row}>
          <Button type="submit">{t('priceLists.bulk.preview')}</Button>
        </div>
      </fieldset>
    </form>
  );
}

/** A CSV file chosen here is read by the server into a preview; nothing changes until Apply. */
function ImportButton({ onPreview }: { onPreview: (p: PriceListImportPreview) => void }) {
  const { t } = useAreaT('catalog');
  const api = useCatalogApi();
  const toast = useToast();
  const failure = useFailureMessage('catalog:priceLists');
  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > PRICE_LIST_LIMITS.maxCsvBytes) {
      toast.error(t('priceLists.tooLarge'));
      return;
    }
    try {
      const csv = await readCsvFile(file);
      onPreview(await api.previewPriceListImport({ csv }));
    } catch (error) {
      toast.error(failure(error));
    }
  };
  return (
    <>
      <label className={styles.fileLabel}>
        {t('priceLists.import')}
        <input
          type="file"
          accept=".csv,text/csv"
          className={styles.fileInput}
          aria-describedby="price-import-limit"
          onChange={(event) => void read(event)}
        />
      </label>
      <span id="price-import-limit" className={styles.muted}>
        {t('priceLists.importLimit')}
      </span>
    </>
  );
}

export default withAreaTexts('catalog', PriceListsPage);
