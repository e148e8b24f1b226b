// A group's completion over time: completed activities so far, a stepped line with a mark and its
// number at each day something was completed (readable without colour), and the same figures in a
// table for screen readers. recharts comes with this module only.

import { CartesianGrid, LabelList, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { insightsMessages } from '@/common/messages/insights.js';
import {
  ChartFigure,
  chartAxisTick,
  chartDayLabel,
  chartGridStroke,
} from '@/web/src/components/ui/chart-figures';

type Point = { date: string; completed: number };

export default function CompletionChart({ points, total }: { points: Point[]; total: number }) {
  const data = points.map((point) => ({ ...point, label: chartDayLabel(point.date) }));
  return (
    <ChartFigure
      heightClass="h-56"
      testId="completion-chart"
      caption={<>Activités terminées au fil du temps (sur {total})</>}
      captionClass="text-xs text-muted-foreground"
      headings={[insightsMessages.day, insightsMessages.completedActivities]}
      rows={data.map((point) => ({ key: point.date, cells: [point.label, point.completed] }))}
    >
      <LineChart accessibilityLayer={false} data={data} margin={{ top: 20, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={chartGridStroke} vertical={false} />
        <XAxis dataKey="label" tick={chartAxisTick} interval="preserveStartEnd" />
        <YAxis domain={[0, total]} allowDecimals={false} width={40} tick={chartAxisTick} />
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
    </ChartFigure>
  );
}
