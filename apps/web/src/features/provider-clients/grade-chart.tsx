import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { ProviderOverview } from '@burgwall/shared';

const COLOUR = { A: 'green.6', B: 'teal.6', C: 'yellow.6', D: 'orange.6', F: 'red.6', '-': 'gray.5' } as const;
const LABEL = { A: 'A', B: 'B', C: 'C', D: 'D', F: 'F', '-': 'ohne' } as const;

/** Clients per grade family as bars in the grade's colour. Its own module, loaded lazily with recharts. */
export default function GradeChart({ byGrade }: { byGrade: ProviderOverview['byGrade'] }) {
  const data = byGrade.map((entry) => ({ Note: LABEL[entry.grade], Kunden: entry.count, color: COLOUR[entry.grade] }));
  return (
    <BarChart
      h={150}
      data={data}
      dataKey="Note"
      series={[{ name: 'Kunden', color: 'burg.6' }]}
      // Whole clients only, from 0 to the largest group.
      yAxisProps={{ allowDecimals: false, domain: [0, 'dataMax'], width: 24 }}
      gridAxis="y"
      tickLine="none"
      maxBarWidth={36}
      barProps={{ radius: [4, 4, 0, 0] }}
      withTooltip={false}
    />
  );
}
