import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { CRITICALITY_COLOUR, CRITICALITY_LABEL } from './criticality';
import type { Criticality } from '@burgwall/shared';

export interface CriticalityCount {
  criticality: Criticality;
  count: number;
}

export interface CategoryRow {
  Kategorie: string;
  Kritisch: number;
  Hoch: number;
  Mittel: number;
  Niedrig: number;
}

/**
 * The dashboard's finding charts in their own module, imported lazily with recharts so the dashboard's numbers are on
 * screen before the charts load.
 */
export function CriticalityDonut({ counts }: { counts: CriticalityCount[] }) {
  const total = counts.reduce((sum, entry) => sum + entry.count, 0);
  const data = total
    ? counts.filter((entry) => entry.count > 0).map((entry) => ({ name: CRITICALITY_LABEL[entry.criticality], value: entry.count, color: `${CRITICALITY_COLOUR[entry.criticality]}.6` }))
    : [{ name: 'Keine', value: 1, color: 'gray.3' }];
  return <DonutChart data={data} size={132} thickness={20} chartLabel={total} withTooltip={total > 0} tooltipDataSource="segment" paddingAngle={total > 1 ? 2 : 0} />;
}

/** Open checks per category, stacked by criticality. */
export function CategoryBars({ rows }: { rows: CategoryRow[] }) {
  return (
    <BarChart
      h={Math.max(140, rows.length * 38 + 40)}
      data={rows}
      dataKey="Kategorie"
      type="stacked"
      orientation="vertical"
      yAxisProps={{ width: 150 }}
      xAxisProps={{ allowDecimals: false }}
      gridAxis="x"
      maxBarWidth={22}
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 56 }}
      series={[
        { name: 'Kritisch', color: 'red.6' },
        { name: 'Hoch', color: 'orange.6' },
        { name: 'Mittel', color: 'yellow.6' },
        { name: 'Niedrig', color: 'blue.5' },
      ]}
    />
  );
}
