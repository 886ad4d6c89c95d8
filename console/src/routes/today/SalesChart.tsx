// The last 30 days of sales as bars: a list of the days drawn with CSS (no chart library, so Today
// stays light on a phone), each bar keeping its day and figures as text for screen readers (and as
// a tooltip), and the same figures as a table for anyone who wants the numbers.
import { useState, type CSSProperties } from 'react';
import { Text, VisuallyHidden } from '@mantine/core';
import { currencyDigits, formatLocalDate, formatMoney } from '../../lib/format';

const CELL: CSSProperties = { padding: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm)', borderBottom: '1px solid var(--mantine-color-default-border)' };

export interface SalesDay {
  date: string;
  revenueMinor: number;
  ordersCount: number;
}

/** The bars' height in pixels; with the axis labels the chart is CHART_HEIGHT tall, whatever the data. */
const BARS_HEIGHT = 168;
export const CHART_HEIGHT = 200;

/** A round top for the scale (1, 2, 2.5 or 5 times a power of ten), so its label reads easily. */
function niceTop(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 2.5, 5, 10].find((step) => step * power >= max) ?? 10) * power;
}

export default function SalesChart({ days, currency }: { days: SalesDay[]; currency: string }) {
  const [table, setTable] = useState(false);
  // The scale's top in whole currency units, so its label has no cents.
  const unit = 10 ** currencyDigits(currency);
  const top = niceTop(Math.max(0, ...days.map((d) => d.revenueMinor)) / unit) * unit;
  const shortDay = (date: string) => formatLocalDate(date, { day: 'numeric', month: 'short' });
  const ticks = days.length > 0 ? [days[0]!, days[Math.floor((days.length - 1) / 2)]!, days.at(-1)!] : [];
  const grid = 'var(--mantine-color-default-border)';
  return (
    <>
      <div style={{ height: CHART_HEIGHT, display: 'grid', gridTemplateColumns: 'auto 1fr', gridTemplateRows: `${BARS_HEIGHT}px auto`, columnGap: 8 }}>
        {/* The scale, for the eye only: every bar says its own figures. */}
        <div aria-hidden style={{ display: 'flex', flexDirection: 'column', justifyContent: 'space-between', alignItems: 'flex-end', marginTop: -8, marginBottom: -8 }}>
          <Text span size="xs">{formatMoney(top, currency)}</Text>
          <Text span size="xs">{formatMoney(top / 2, currency)}</Text>
          <Text span size="xs">{formatMoney(0, currency)}</Text>
        </div>
        <ol
          aria-label="Sales by day"
          style={{
            display: 'flex',
            alignItems: 'stretch',
            gap: 2,
            margin: 0,
            padding: 0,
            listStyle: 'none',
            borderBottom: `1px solid ${grid}`,
            // Lines at the top and the middle of the scale.
            backgroundImage: `linear-gradient(${grid} 1px, transparent 1px)`,
            backgroundSize: `100% ${BARS_HEIGHT / 2}px`,
          }}
        >
          {days.map((d) => {
            const label = `${formatLocalDate(d.date)}: ${formatMoney(d.revenueMinor, currency)}, ${d.ordersCount} paid ${d.ordersCount === 1 ? 'order' : 'orders'}`;
            return (
              <li key={d.date} title={label} style={{ flex: '1 1 0', minWidth: 0, display: 'flex', alignItems: 'flex-end' }}>
                <span
                  aria-hidden
                  style={{
                    width: '100%',
                    height: `${(d.revenueMinor / top) * 100}%`,
                    minHeight: d.revenueMinor > 0 ? 2 : 0,
                    background: 'var(--mantine-color-teal-7)',
                    borderRadius: '2px 2px 0 0',
                  }}
                />
                {/* VisuallyHidden's markup without the component: thirty of them. */}
                <span className={VisuallyHidden.classes.root}>{label}</span>
              </li>
            );
          })}
        </ol>
        <div />
        <div aria-hidden style={{ display: 'flex', justifyContent: 'space-between', paddingTop: 4 }}>
          {ticks.map((d, i) => (
            <Text span size="xs" key={`${i}-${d.date}`}>{shortDay(d.date)}</Text>
          ))}
        </div>
      </div>
      {/* The table is made when first opened (by a click or the keyboard): Today draws faster without it. */}
      <details onToggle={(event) => event.currentTarget.open && setTable(true)}>
        <summary onClick={() => setTable(true)}><Text span size="sm">Sales by day as a table</Text></summary>
        {table && (
          // A plain table in Mantine's colours and spacing (its Table component brings a scroll area
          // and a positioning library into Today's code).
          // Scrolls inside: reachable by the keyboard, named for screen readers.
          <div style={{ overflow: 'auto', maxHeight: 320 }} tabIndex={0} role="region" aria-label="Sales by day as a table">
            <table style={{ width: '100%', minWidth: 280, borderCollapse: 'collapse', fontSize: 'var(--mantine-font-size-sm)' }}>
              <thead>
                <tr>
                  {['Day', 'Paid orders', 'Sales'].map((label) => <th key={label} scope="col" style={{ ...CELL, textAlign: 'left' }}>{label}</th>)}
                </tr>
              </thead>
              <tbody>
                {days.map((d) => (
                  <tr key={d.date}>
                    <td style={CELL}>{formatLocalDate(d.date)}</td>
                    <td style={CELL}>{d.ordersCount}</td>
                    <td style={CELL}>{formatMoney(d.revenueMinor, currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>
    </>
  );
}
