import { Link, useNavigate } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Overview } from '@hive/shared/schemas/backoffice';
import styles from './overview.module.css';

const TOOLTIP_TEXT = '#92400e';

export interface SalesChartProps {
  data: Overview['salesPerDay'];
  format: {
    money: (n: number) => string;
    compactMoney: (n: number) => string;
    integer: (n: number) => string;
    day: (isoDate: string) => string;
  };
  labels: { netSales: string; receipts: string; date: string; openDay: (day: string) => string };
  /** The transactions list of one day: what a bar (or the table's figure) opens. */
  dayHref: (isoDate: string) => string;
}

/**
 * Net sales per day. The bars are for the eye; screen readers get the same figures as a table
 * (visually hidden), so the chart itself is hidden from them, and so it must not take the keyboard
 * focus either (recharts' `accessibilityLayer` makes it a focusable widget: focus would land on
 * something assistive technology is told does not exist). A bar opens its day's receipts on a
 * click; the keyboard reaches the same links in the table, which shows itself while they have focus.
 */
export default function SalesChart({ data, format, labels, dayHref }: SalesChartProps) {
  const navigate = useNavigate();
  return (
    <>
      <div className={styles.chart} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e5e7eb" />
            <XAxis
              dataKey="date"
              tickFormatter={format.day}
              tick={{ fontSize: 12, fill: '#4b5563' }}
              minTickGap={16}
              tickLine={false}
            />
            <YAxis
              tickFormatter={format.compactMoney}
              tick={{ fontSize: 12, fill: '#4b5563' }}
              // Measured from its labels: a fixed width cut Spanish ones ("2,4 mil US$").
              width="auto"
              tickLine={false}
              axisLine={false}
            />
            <Tooltip
              cursor={{ fill: '#fef3c7' }}
              labelFormatter={(value) => format.day(String(value))}
              formatter={(value) => [format.money(Number(value)), labels.netSales]}
              // The bar colour as text on white is 3.2:1; the text needs 4.5:1.
              itemStyle={{ color: TOOLTIP_TEXT }}
            />
            <Bar
              dataKey="netSales"
              fill="#d97706"
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
              cursor="pointer"
              onClick={(bar) => {
                const date = (bar.payload as { date?: string } | undefined)?.date;
                if (date) void navigate(dayHref(date));
              }}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className={`${styles.srOnly} ${styles.chartTable}`}>
        <thead>
          <tr>
            <th scope="col">{labels.date}</th>
            <th scope="col">{labels.netSales}</th>
            <th scope="col">{labels.receipts}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((day) => (
            <tr key={day.date}>
              <td>{format.day(day.date)}</td>
              <td>
                <Link
                  to={dayHref(day.date)}
                  aria-label={`${format.money(day.netSales)}, ${labels.openDay(format.day(day.date))}`}
                >
                  {format.money(day.netSales)}
                </Link>
              </td>
              <td>{format.integer(day.receipts)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
