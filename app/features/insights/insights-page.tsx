import { Form } from "@remix-run/react";

import { FUNNEL_STEPS } from "@domain/insights";
import { dayWords } from "@domain/intakes";
import { insightsText as t } from "~/content/insights";
import type { Funnel, InsightFigures } from "~/upstream/insights.server";

import { BarChart, ColumnChart, Figure, NumbersTable } from "./charts";
import { contentTables, filtersQuery, funnelTables, type NumbersTableData } from "./tables";

// The insights page's body (docs/decisions/064-cookie-free-visit-counts.md): the GET form, then
// each figure as a chart with its numbers beside it and its CSV link.

type Props = {
  figures: InsightFigures;
  funnel: Funnel | null;
  course: string | undefined;
  intake: string | undefined;
  error: string | null;
};

export function InsightsPage({ figures, funnel, course, intake, error }: Props) {
  const query = filtersQuery({ from: figures.from, to: figures.to, course, intake });
  const csv = (table: string) => `/admin/insights.csv?${new URLSearchParams(`${query}&table=${table}`)}`;
  const tables = contentTables(figures);
  const table = (data: NumbersTableData) => (
    <NumbersTable caption={data.title} headers={data.headers} rows={data.rows} />
  );
  /** A top list as bars: the first column names each bar, `valueAt` holds its number. */
  const bars = (id: string, data: NumbersTableData, valueAt = 1, percent = false) => (
    <Figure
      id={id}
      title={data.title}
      csv={csv(id)}
      chart={
        data.rows.length ? (
          <BarChart
            id={`${id}-chart`}
            title={data.title}
            rows={data.rows.map((r) => ({
              label: valueAt === 2 ? `${r[0]} (${r[1]})` : String(r[0]),
              value: Number(r[valueAt]),
            }))}
            percent={percent}
          />
        ) : (
          <p>{t.noneYet}</p>
        )
      }
      table={table(data)}
    />
  );
  return (
    <>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      <Form method="get" className="admin-filters insight-filters" aria-label={t.filtersTitle}>
        <div className="field">
          <label htmlFor="insights-from">{t.from}</label>
          <input id="insights-from" type="date" name="from" defaultValue={figures.from} />
        </div>
        <div className="field">
          <label htmlFor="insights-to">{t.to}</label>
          <input id="insights-to" type="date" name="to" defaultValue={figures.to} />
        </div>
        {funnel ? (
          <div className="field">
            <label htmlFor="insights-course">{t.course}</label>
            <select id="insights-course" name="course" defaultValue={course ?? ""}>
              <option value="">{t.allCourses}</option>
              {funnel.choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {funnel?.intakes.length ? (
          <div className="field">
            <label htmlFor="insights-intake">{t.intake}</label>
            <select id="insights-intake" name="intake" defaultValue={intake ?? ""}>
              <option value="">{t.allIntakes}</option>
              {funnel.intakes.map((i) => (
                <option key={i.id} value={i.id}>
                  {t.intakeStarts(dayWords(i.startDate))}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <button type="submit" className="btn btn-primary">
          {t.show}
        </button>
      </Form>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <Figure
        id="days"
        title={t.visitsTitle}
        csv={csv("days")}
        chart={
          <ColumnChart
            id="days-chart"
            title={t.visitsTitle}
            points={figures.days.map((d) => ({ day: d.day, value: d.views }))}
          />
        }
        table={table(tables.days!)}
        tableOpen={false}
      />
      <Figure
        id="year"
        title={t.yearTitle}
        csv={csv("year")}
        chart={
          <ColumnChart
            id="year-chart"
            title={t.yearTitle}
            points={figures.year.map((d) => ({ day: d.day, value: d.views }))}
          />
        }
        table={table(tables.year!)}
        tableOpen={false}
      />
      {bars("pages", tables.pages!)}
      {bars("courses", tables.courses!)}
      {bars("referrers", tables.referrers!)}
      {bars("utm-sources", tables["utm-sources"]!)}
      {bars("utm-campaigns", tables["utm-campaigns"]!)}
      {bars("devices", tables.devices!, 1, true)}
      {bars("nothing", tables.nothing!, 2)}
      {bars("searches", tables.searches!, 2)}
      {funnel ? <FunnelFigures funnel={funnel} csv={csv} /> : null}
    </>
  );
}

function FunnelFigures({ funnel, csv }: { funnel: Funnel; csv: (table: string) => string }) {
  const tables = funnelTables(funnel);
  const steps = tables.funnel!;
  const title = funnel.intake ? t.funnelOfIntake(dayWords(funnel.intake.startDate)) : t.funnelTitle;
  return (
    <>
      <Figure
        id="funnel"
        title={title}
        intro={funnel.intake ? `${t.funnelIntro} ${t.funnelIntakeNote}` : t.funnelIntro}
        csv={csv("funnel")}
        chart={
          <BarChart
            id="funnel-chart"
            title={title}
            rows={FUNNEL_STEPS.map((s, i) => ({
              label: t.funnelSteps[s],
              value: funnel.total[s],
              note: i === 0 ? "" : ` (${steps.rows[i]![2]})`,
            }))}
          />
        }
        table={<NumbersTable caption={steps.title} headers={steps.headers} rows={steps.rows} />}
      />
      {(funnel.intake ? (["funnel-weeks"] as const) : (["funnel-courses", "funnel-weeks"] as const)).map((id) => {
        const data = tables[id]!;
        return (
          <section className="insight-figure" aria-labelledby={id} key={id}>
            <h2 id={id}>{data.title}</h2>
            {data.rows.length ? (
              <NumbersTable caption={data.title} headers={data.headers} rows={data.rows} />
            ) : (
              <p>{t.noneYet}</p>
            )}
            <p>
              <a href={csv(id)} className="btn btn-outline" download>
                {t.exportCsv}
                <span className="visually-hidden"> ({data.title})</span>
              </a>
            </p>
          </section>
        );
      })}
    </>
  );
}
