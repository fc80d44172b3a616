/**
 * A ranked list as horizontal bars (recharts), with the same figures as a table for screen readers: the
 * chart itself is hidden from them and takes no focus.
 */
import { Bar, BarChart, LabelList, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { useFormat } from '../i18n/format.ts';

export interface RankedRow {
  label: string;
  value: number;
}

export function RankedBars({ rows, caption, labelHeading, valueHeading, testId }: { rows: RankedRow[]; caption: string; labelHeading: string; valueHeading: string; testId: string }) {
  const format = useFormat();
  const height = rows.length * 34 + 16;
  return (
    <div className="admin-ranked" data-testid={testId}>
      <div className="admin-ranked-chart" aria-hidden="true" style={{ height }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 48, bottom: 4, left: 4 }} accessibilityLayer={false}>
            <XAxis type="number" hide allowDecimals={false} />
            <YAxis type="category" dataKey="label" width={130} tickLine={false} axisLine={false} interval={0} tick={{ fontSize: 12, fill: '#334155' }} />
            <Bar dataKey="value" fill="#1d4ed8" radius={[0, 4, 4, 0]} barSize={20} isAnimationActive={false}>
              <LabelList dataKey="value" position="right" formatter={(value) => (typeof value === 'number' ? format.number(value) : String(value ?? ''))} style={{ fontSize: 12, fill: '#0f172a' }} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="admin-sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeading}</th>
            <th scope="col">{valueHeading}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{format.number(row.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
