import { BarChartOutlined } from "@ant-design/icons";
import { DASHBOARD_DAYS, LANGUAGE_TAGS } from "@parley/protocol";
import { Button, Card, Empty, Result, Skeleton, Spin } from "antd";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../../i18n";
import styles from "../components/home/home.module.css";
import { StatCards } from "../components/home/StatCards";
import { SystemSummary } from "../components/home/SystemSummary";
import { DASHBOARD_REFRESH_MS, useDashboardQuery } from "../console.queries";

// recharts is large: its own chunk, fetched when the home first shows a chart.
const ActivityChart = lazy(() =>
  import("../components/home/ActivityChart").then((m) => ({
    default: m.ActivityChart,
  })),
);

/**
 * The console home (/manage/index), a live dashboard: the figures of the whole system,
 * fetched again every 15 s while it is open, and a chart of messages and registrations per
 * day over the last 30 days; beside them the system's name, version, state and run mode.
 */
export function ConsoleHomePage() {
  const { t } = useTranslation("console");
  const locale = LANGUAGE_TAGS[useLanguage()];
  const dashboard = useDashboardQuery();
  const data = dashboard.data;
  const number = new Intl.NumberFormat(locale);
  const clock = new Intl.DateTimeFormat(locale, { timeStyle: "medium" });

  if (!data) {
    return (
      <div className={styles.conPage}>
        {dashboard.isError ? (
          <Result
            status="warning"
            title={t("home.loadFailed")}
            extra={
              <Button type="primary" onClick={() => void dashboard.refetch()}>
                {t("retry")}
              </Button>
            }
          />
        ) : (
          <div className={styles.conLoading}>
            <Spin />
            <span>{t("loading")}</span>
          </div>
        )}
        <SystemSummary />
      </div>
    );
  }

  const messages = data.daily.reduce((sum, day) => sum + day.messages, 0);
  const registrations = data.daily.reduce(
    (sum, day) => sum + day.registrations,
    0,
  );

  return (
    <div className={styles.conPage}>
      <header className={styles.conHeader}>
        <h2 className={styles.conHeading}>{t("home.heading")}</h2>
        <span className={styles.conLive}>
          {t("home.live", {
            time: clock.format(dashboard.dataUpdatedAt),
            seconds: DASHBOARD_REFRESH_MS / 1000,
          })}
        </span>
      </header>
      <StatCards figures={data} locale={locale} />
      <div className={styles.conLower}>
        <Card
          size="small"
          className={styles.conChart}
          title={t("home.chart.title", { days: DASHBOARD_DAYS })}
        >
          <p className={styles.conTotals}>
            {t("home.chart.totals", {
              messages: number.format(messages),
              registrations: number.format(registrations),
            })}
          </p>
          {messages + registrations === 0 ? (
            <Empty
              image={<BarChartOutlined className={styles.conEmptyIcon} />}
              description={
                <span className={styles.conEmpty}>
                  <strong>{t("home.chart.emptyTitle")}</strong>
                  <span>{t("home.chart.emptyText")}</span>
                </span>
              }
            />
          ) : (
            <figure
              className={styles.conFigure}
              aria-label={t("home.chart.label", { days: DASHBOARD_DAYS })}
            >
              <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                <ActivityChart daily={data.daily} locale={locale} />
              </Suspense>
            </figure>
          )}
        </Card>
        <SystemSummary />
      </div>
    </div>
  );
}
