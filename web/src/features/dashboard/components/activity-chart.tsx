// Activity over the last 12 weeks as a chart readable without colour: completions as hatched bars
// with their number on top, active groups as a dashed line with square marks; the same figures in
// a table for screen readers. Loaded on its own (recharts is only fetched by the screens with charts).

import { Bar, CartesianGrid, ComposedChart, LabelList, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { insightsMessages } from '@/common/messages/insights.js';
import type { ActivityWeek } from '@/common/schemas/insights.js';
import {
  ChartFigure,
  chartAxisTick,
  chartDayLabel,
  chartGridStroke,
} from '@/web/src/components/ui/chart-figures';

const number = new Intl.NumberFormat('fr-FR');

export default function ActivityChart({ weeks }: { weeks: ActivityWeek[] }) {
  const data = weeks.map((week) => ({ ...week, label: chartDayLabel(week.weekStart) }));
  return (
    <ChartFigure
      heightClass="h-72"
      testId="activity-chart"
      caption={insightsMessages.activityChartLabel}
      captionClass="sr-only"
      headings={[
        insightsMessages.weekOf,
        insightsMessages.completedActivities,
        insightsMessages.activeGroups,
      ]}
      rows={data.map((week) => ({
        key: week.weekStart,
        cells: [week.label, week.completions, week.activeGroups],
      }))}
    >
      <ComposedChart
        accessibilityLayer={false}
        data={data}
        margin={{ top: 20, right: 8, bottom: 0, left: 0 }}
      >
        <defs>
          <pattern
            id="hatch-completions"
            width="6"
            height="6"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width="6" height="6" fill="#e0e7ff" />
            <line x1="0" y1="0" x2="0" y2="6" stroke="#4338ca" strokeWidth="2.5" />
          </pattern>
        </defs>
        <CartesianGrid stroke={chartGridStroke} vertical={false} />
        <XAxis dataKey="label" tick={chartAxisTick} interval="preserveStartEnd" />
        <YAxis
          yAxisId="completions"
          allowDecimals={false}
          tick={chartAxisTick}
          width={48}
          tickFormatter={(v) => number.format(v)}
        />
        <YAxis
          yAxisId="groups"
          allowDecimals={false}
          orientation="right"
          tick={chartAxisTick}
          width={48}
          tickFormatter={(v) => number.format(v)}
        />
        <Tooltip formatter={(value) => number.format(Number(value))} />
        <Legend wrapperStyle={{ fontSize: 13 }} />
        <Bar
          yAxisId="completions"
          dataKey="completions"
          name={insightsMessages.completedActivities}
          fill="url(#hatch-completions)"
          isAnimationActive={false}
          stroke="#4338ca"
        >
          <LabelList
            dataKey="completions"
            position="top"
            fontSize={11}
            fill="#334155"
            formatter={(v) => number.format(Number(v))}
          />
        </Bar>
        <Line
          yAxisId="groups"
          dataKey="activeGroups"
          name={insightsMessages.activeGroups}
          stroke="#0f766e"
          strokeWidth={2}
          strokeDasharray="6 3"
          dot={{ r: 4, fill: '#0f766e', strokeWidth: 0 }}
          type="linear"
          isAnimationActive={false}
        />
      </ComposedChart>
    </ChartFigure>
  );
}
