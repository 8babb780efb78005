import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';

export interface ScorePoint {
  datum: string;
  Bewertung: number;
}

/** The colour bands of SPEC §9 (green from 85, yellow from 70), drawn as reference lines with labels. */
const BANDS = [
  { y: 85, label: 'Grün ab 85', color: 'green.6' },
  { y: 70, label: 'Gelb ab 70', color: 'yellow.6' },
];

/**
 * The score over time. Its own module, imported lazily, so recharts (~120 KB
 * gzip) loads after the dashboard's numbers are on screen.
 */
export default function ScoreTrendChart({ points }: { points: ScorePoint[] }) {
  return (
    <AreaChart
      h={200}
      data={points}
      dataKey="datum"
      series={[{ name: 'Bewertung', color: 'burg.6' }]}
      yAxisProps={{ domain: [0, 100], ticks: [0, 25, 50, 70, 85, 100] }}
      referenceLines={BANDS.map(({ y, label, color }) => ({ y, label, color, labelPosition: 'insideBottomRight' }))}
      curveType="monotone"
      withDots={points.length <= 30}
      withGradient
    />
  );
}
