import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DailyFigures } from '#common/analytics';
import { formatDay } from '../../lib/dates';

export type Series = { key: keyof Omit<DailyFigures, 'date'>; label: string; color: string };

/**
 * Figures per day as stacked-free areas. The chart is a picture of numbers the cards and tables
 * beside it also give, so screen readers get the caption's summary instead of every point.
 */
export function DailyChart({
  caption,
  data,
  series,
}: {
  caption: string;
  data: DailyFigures[];
  series: Series[];
}) {
  const { i18n } = useTranslation();
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm text-muted-foreground">{caption}</figcaption>
      <div className="h-64 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          {/* Hidden from assistive technology, so not focusable either (no accessibility layer). */}
          <AreaChart
            data={data}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" />
            <XAxis
              dataKey="date"
              tickFormatter={(day: string) => formatDay(day, i18n.language)}
              tick={{ fontSize: 12, fill: '#52525b' }}
              minTickGap={16}
            />
            <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#52525b' }} />
            <Tooltip labelFormatter={(day) => formatDay(String(day), i18n.language)} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {series.map((s) => (
              <Area
                key={s.key}
                type="monotone"
                dataKey={s.key}
                name={s.label}
                stroke={s.color}
                fill={s.color}
                fillOpacity={0.15}
                strokeWidth={2}
                isAnimationActive={false}
              />
            ))}
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
