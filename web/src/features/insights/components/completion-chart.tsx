// A group's completion over time: completed activities so far, a stepped line with a mark and its
// number at each day something was completed (readable without colour), and the same figures in a
// table for screen readers. recharts comes with this module only.

import {
  CartesianGrid,
  LabelList,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { insightsMessages } from '../../../../../common/messages/insights.js';
import { ChartFiguresTable, chartDayLabel } from '../../../components/ui/chart-figures';

type Point = { date: string; completed: number };

export default function CompletionChart({ points, total }: { points: Point[]; total: number }) {
  const data = points.map((point) => ({ ...point, label: chartDayLabel(point.date) }));
  return (
    <figure className="flex flex-col gap-2">
      <div className="h-56 w-full" aria-hidden="true" data-testid="completion-chart">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart
            accessibilityLayer={false}
            data={data}
            margin={{ top: 20, right: 16, bottom: 0, left: 0 }}
          >
            <CartesianGrid stroke="#e2e8f0" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#475569' }} interval="preserveStartEnd" />
            <YAxis
              domain={[0, total]}
              allowDecimals={false}
              width={40}
              tick={{ fontSize: 12, fill: '#475569' }}
            />
            <Tooltip formatter={(value) => [`${value} / ${total}`, insightsMessages.completedActivities]} />
            <Line
              type="stepAfter"
              dataKey="completed"
              name={insightsMessages.completedActivities}
              stroke="#4338ca"
              strokeWidth={2}
              dot={{ r: 4, fill: '#4338ca', strokeWidth: 0 }}
              isAnimationActive={false}
            >
              <LabelList dataKey="completed" position="top" fontSize={11} fill="#334155" />
            </Line>
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-xs text-muted-foreground">
        Activités terminées au fil du temps (sur {total})
      </figcaption>
      <ChartFiguresTable
        headings={[insightsMessages.day, insightsMessages.completedActivities]}
        rows={data.map((point) => ({ key: point.date, cells: [point.label, point.completed] }))}
      />
    </figure>
  );
}
