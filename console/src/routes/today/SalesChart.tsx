// The last 30 days of sales as bars (recharts through @mantine/charts), loaded after the Today page
// shows, with the same figures as a table for screen readers and anyone who wants the numbers.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Table, Text } from '@mantine/core';
import { currencyDigits, formatLocalDate, formatMoney } from '../../lib/format';

export interface SalesDay {
  date: string;
  revenueMinor: number;
  ordersCount: number;
}

export default function SalesChart({ days, currency }: { days: SalesDay[]; currency: string }) {
  const scale = 10 ** currencyDigits(currency);
  const data = days.map((d) => ({ day: formatLocalDate(d.date, { day: 'numeric', month: 'short' }), sales: d.revenueMinor / scale, orders: d.ordersCount }));
  return (
    <>
      <BarChart
        h={200}
        data={data}
        dataKey="day"
        series={[{ name: 'sales', label: 'Sales', color: 'teal.7' }]}
        valueFormatter={(v) => formatMoney(Math.round(v * scale), currency)}
        tickLine="none"
        gridAxis="x"
        textColor="dark.6"
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
        yAxisProps={{ width: 80 }}
        aria-hidden
        accessibilityLayer={false}
      />
      <details>
        <summary><Text span size="sm">Sales by day as a table</Text></summary>
        <Table.ScrollContainer minWidth={280} mah={320}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Day</Table.Th>
                <Table.Th scope="col">Paid orders</Table.Th>
                <Table.Th scope="col">Sales</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {days.map((d) => (
                <Table.Tr key={d.date}>
                  <Table.Td>{formatLocalDate(d.date)}</Table.Td>
                  <Table.Td>{d.ordersCount}</Table.Td>
                  <Table.Td>{formatMoney(d.revenueMinor, currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </details>
    </>
  );
}
