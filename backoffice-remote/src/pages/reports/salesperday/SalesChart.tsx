import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import styles from '../../../frames/report/frame.module.css';

const TOOLTIP_TEXT = '#92400e';

export interface SalesChartProps {
  data: { label: string; net: number; previous: number | null }[];
  money: (cents: number) => string;
  compactMoney: (units: number) => string;
  labels: { net: string; previous: string };
}

/**
 * Net sales per bucket (bars) and the previous period's (a line) when comparing. For the eye only:
 * the table under it holds the same figures, so the chart is hidden from assistive technology and
 * takes no focus.
 */
export default function SalesChart({ data, money, compactMoney, labels }: SalesChartProps) {
  const comparing = data.some((d) => d.previous !== null);
  return (
    <div className={styles.chart} aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e5e7eb" />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#4b5563' }} minTickGap={16} tickLine={false} />
          <YAxis
            tickFormatter={(v: number) => compactMoney(v / 100)}
            tick={{ fontSize: 12, fill: '#4b5563' }}
            // Measured from its labels: a fixed width cut Spanish ones ("2,4 mil US$").
            width="auto"
            tickLine={false}
            axisLine={false}
          />
          <Tooltip
            cursor={{ fill: '#fef3c7' }}
            formatter={(value, name) => [money(Number(value)), name === 'previous' ? labels.previous : labels.net]}
            itemStyle={{ color: TOOLTIP_TEXT }}
          />
          <Bar dataKey="net" fill="#d97706" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          {comparing && (
            <Line dataKey="previous" stroke="#1d4ed8" strokeWidth={2} dot={false} isAnimationActive={false} />
          )}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
