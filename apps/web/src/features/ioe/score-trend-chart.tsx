import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { ReferenceArea } from 'recharts';

export interface ScorePoint {
  datum: string;
  Bewertung: number;
}

/** The colour bands of SPEC §9 (green from 85, yellow from 70, red below), drawn behind the line. */
const BANDS = [
  { from: 85, to: 100, colour: 'var(--mantine-color-green-5)', label: 'Grün' },
  { from: 70, to: 85, colour: 'var(--mantine-color-yellow-5)', label: 'Gelb' },
  { from: 0, to: 70, colour: 'var(--mantine-color-red-5)', label: 'Rot' },
];

/**
 * The score over time over its grade bands. Its own module, imported lazily, so recharts (~120 KB
 * gzip) loads after the dashboard's numbers are on screen.
 */
export default function ScoreTrendChart({ points }: { points: ScorePoint[] }) {
  return (
    <AreaChart
      h={220}
      data={points}
      dataKey="datum"
      series={[{ name: 'Bewertung', color: 'burg.6' }]}
      yAxisProps={{ domain: [0, 100], ticks: [0, 25, 50, 70, 85, 100], width: 32 }}
      xAxisProps={{ minTickGap: 24 }}
      curveType="monotone"
      withDots={points.length <= 30}
      withGradient={false}
      fillOpacity={0.08}
    >
      {BANDS.map((band) => (
        <ReferenceArea key={band.label} y1={band.from} y2={band.to} fill={band.colour} fillOpacity={0.12} ifOverflow="hidden" />
      ))}
    </AreaChart>
  );
}
