import { useInventoryFormat } from './format';

export interface HistoryEntry {
  label: string;
  action: { by: string | null; at: number | null };
}

/** "Who did what and when" rows of a document's facts list: only the actions that happened. */
export function DocumentHistory({ entries, timeZone }: { entries: HistoryEntry[]; timeZone?: string }) {
  const format = useInventoryFormat(timeZone);
  return (
    <>
      {entries
        .filter((entry) => entry.action.at !== null)
        .map(({ label, action }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{[action.by, format.dateTime(action.at)].filter(Boolean).join(' · ')}</dd>
          </div>
        ))}
    </>
  );
}
