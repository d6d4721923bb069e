import { theme } from "antd";
import { useTranslation } from "react-i18next";
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

/** One day of the chart (the dashboard's `daily`). */
export interface DailyFigure {
  day: string;
  messages: number;
  registrations: number;
}

/** The days are UTC dates (`YYYY-MM-DD`), shown as such whatever the reader's zone. */
const dayOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * Messages (bars, left scale) and registrations (line, right scale) per day: two scales,
 * since a day's messages outnumber its sign-ups by far. Its own module, loaded lazily, so
 * recharts is a chunk of its own that only the console home fetches.
 */
export function ActivityChart({
  daily,
  locale,
}: {
  daily: DailyFigure[];
  locale: string;
}) {
  const { t } = useTranslation("console");
  const { token } = theme.useToken();
  const short = new Intl.DateTimeFormat(locale, {
    month: "numeric",
    day: "numeric",
    timeZone: "UTC",
  });
  const long = new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeZone: "UTC",
  });
  const number = new Intl.NumberFormat(locale);
  const tick = { fill: token.colorTextSecondary, fontSize: 12 };

  return (
    <ComposedChart
      responsive
      data={daily}
      style={{ width: "100%", height: 280 }}
      margin={{ top: 8, right: 4, bottom: 0, left: 4 }}
    >
      <CartesianGrid
        vertical={false}
        stroke={token.colorBorderSecondary}
        strokeDasharray="3 3"
      />
      <XAxis
        dataKey="day"
        tick={tick}
        tickFormatter={(day: string) => short.format(dayOf(day))}
        minTickGap={12}
        stroke={token.colorBorder}
      />
      <YAxis
        yAxisId="messages"
        allowDecimals={false}
        tick={tick}
        tickFormatter={(n: number) => number.format(n)}
        width="auto"
        stroke={token.colorBorder}
      />
      <YAxis
        yAxisId="registrations"
        orientation="right"
        allowDecimals={false}
        tick={tick}
        tickFormatter={(n: number) => number.format(n)}
        width="auto"
        stroke={token.colorBorder}
      />
      <Tooltip
        labelFormatter={(day) =>
          typeof day === "string" ? long.format(dayOf(day)) : day
        }
        formatter={(value) => number.format(Number(value))}
        contentStyle={{
          background: token.colorBgElevated,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
        }}
        labelStyle={{ color: token.colorText }}
      />
      <Legend wrapperStyle={{ fontSize: 13 }} />
      <Bar
        yAxisId="messages"
        dataKey="messages"
        name={t("home.chart.messages")}
        fill={token.colorPrimary}
        radius={[3, 3, 0, 0]}
        maxBarSize={18}
      />
      <Line
        yAxisId="registrations"
        dataKey="registrations"
        name={t("home.chart.registrations")}
        type="monotone"
        stroke={token.colorSuccess}
        strokeWidth={2}
        dot={false}
      />
    </ComposedChart>
  );
}
