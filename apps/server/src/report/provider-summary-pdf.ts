import { CRITICALITY_LABELS, grade, scoreColour } from '@burgwall/shared';
import PDFDocument from 'pdfkit';
import type { ProviderSummaryData, SummaryClient } from './provider-summary-data';
import { TREND_DAYS } from './provider-summary-data';
import { brandBanner, COLOURS, CRITICALITY_COLOURS, collectPdf, ensureSpace, MARGIN, pageFooters, sectionTitle, width, type Doc } from './report-pdf';

const MODE_LABELS: Record<string, string> = { monitoring: 'Monitoring', audit: 'Audit', quickcheck: 'Quickcheck' };

function header(doc: Doc, data: ProviderSummaryData): void {
  brandBanner(doc, data.brand, data.generatedAt);
  doc.font('Helvetica-Bold').fontSize(22).fillColor(COLOURS.text).text('Übersichtsbericht', MARGIN);
  doc.font('Helvetica').fontSize(12).fillColor(COLOURS.text).text(`${data.providerName} · ${data.clients.length} ${data.clients.length === 1 ? 'Kunde' : 'Kunden'}`);
}

/** Average score, clients at risk (below 70) and without a score, as three figures. */
function overviewPanel(doc: Doc, data: ProviderSummaryData): void {
  const scored = data.clients.filter((client) => client.score !== null) as Array<SummaryClient & { score: number }>;
  const average = scored.length > 0 ? Math.round(scored.reduce((sum, client) => sum + client.score, 0) / scored.length) : null;
  const figures: Array<[string, string, string]> = [
    [average === null ? '-' : String(average), `Durchschnitt (Note ${grade(average)})`, COLOURS[scoreColour(average)]],
    [String(scored.filter((client) => client.score < 70).length), 'Kunden unter 70 Punkten', COLOURS.red],
    [String(data.clients.length - scored.length), 'Noch ohne Bewertung', COLOURS.neutral],
  ];
  const top = doc.y + 16;
  const boxWidth = width(doc) / figures.length;
  doc.roundedRect(MARGIN, top, width(doc), 70, 8).fillColor(COLOURS.panel).fill();
  figures.forEach(([value, label, colour], index) => {
    const x = MARGIN + index * boxWidth;
    doc.font('Helvetica-Bold').fontSize(22).fillColor(colour).text(value, x, top + 14, { width: boxWidth, align: 'center' });
    doc.font('Helvetica').fontSize(9).fillColor(COLOURS.dimmed).text(label, x, top + 44, { width: boxWidth, align: 'center' });
  });
  doc.y = top + 70;
}

const COLUMNS = [
  { title: 'Kunde', width: 0.34 },
  { title: 'Wert', width: 0.1 },
  { title: 'Note', width: 0.09 },
  { title: `Trend (${TREND_DAYS} Tage)`, width: 0.15 },
  { title: 'Kritisch', width: 0.11 },
  { title: 'Hoch', width: 0.09 },
  { title: 'Mittel', width: 0.12 },
] as const;

function trendText(trend: number | null): string {
  if (trend === null) return '-';
  if (trend === 0) return '±0';
  return trend > 0 ? `+${trend}` : `-${Math.abs(trend)}`;
}

function clientTable(doc: Doc, data: ProviderSummaryData): void {
  sectionTitle(doc, 'Kunden');
  if (data.clients.length === 0) {
    doc.font('Helvetica').fontSize(10).fillColor(COLOURS.dimmed).text('Noch keine Kunden angelegt.', MARGIN);
    return;
  }
  const row = (cells: string[], options: { bold?: boolean; colours?: Array<string | undefined> } = {}) => {
    ensureSpace(doc, 20);
    const y = doc.y;
    let x = MARGIN;
    let height = 0;
    cells.forEach((cell, index) => {
      const columnWidth = COLUMNS[index]!.width * width(doc);
      doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).fillColor(options.colours?.[index] ?? COLOURS.text);
      doc.text(cell, x + 2, y, { width: columnWidth - 4 });
      height = Math.max(height, doc.y - y);
      x += columnWidth;
    });
    doc.y = y + height + 4;
    doc.moveTo(MARGIN, doc.y - 2).lineTo(MARGIN + width(doc), doc.y - 2).lineWidth(0.5).strokeColor(COLOURS.border).stroke();
  };
  row(COLUMNS.map((column) => column.title), { bold: true, colours: COLUMNS.map(() => COLOURS.dimmed) });
  for (const client of [...data.clients].sort((a, b) => (a.score ?? 101) - (b.score ?? 101))) {
    const colour = COLOURS[scoreColour(client.score)];
    const trendColour = client.trend === null || client.trend === 0 ? COLOURS.dimmed : client.trend > 0 ? COLOURS.green : COLOURS.red;
    row(
      [
        `${client.name} (${MODE_LABELS[client.mode] ?? client.mode})`,
        client.score === null ? '-' : String(Math.round(client.score)),
        grade(client.score),
        trendText(client.trend),
        String(client.counts.critical),
        String(client.counts.high),
        String(client.counts.medium),
      ],
      { colours: [undefined, colour, colour, trendColour, CRITICALITY_COLOURS.critical, CRITICALITY_COLOURS.high, CRITICALITY_COLOURS.medium] },
    );
  }
}

function topRisksSection(doc: Doc, data: ProviderSummaryData): void {
  sectionTitle(doc, 'Häufigste Risiken');
  if (data.topRisks.length === 0) {
    doc.font('Helvetica').fontSize(10).fillColor(COLOURS.dimmed).text('Bei keinem Kunden sind offene Befunde ausgewertet.', MARGIN);
    return;
  }
  for (const risk of data.topRisks) {
    ensureSpace(doc, 18);
    const y = doc.y;
    doc.rect(MARGIN, y, 3, 11).fillColor(CRITICALITY_COLOURS[risk.criticality]).fill();
    doc.font('Helvetica').fontSize(10).fillColor(COLOURS.text).text(risk.title, MARGIN + 10, y, { width: width(doc) - 200 });
    const after = doc.y;
    doc
      .fontSize(9)
      .fillColor(COLOURS.dimmed)
      .text(`${CRITICALITY_LABELS[risk.criticality]} · ${risk.clientCount} ${risk.clientCount === 1 ? 'Kunde' : 'Kunden'}`, MARGIN + width(doc) - 180, y + 1, { width: 180, align: 'right' });
    doc.y = Math.max(after, y + 12) + 4;
  }
}

function perClientRisks(doc: Doc, data: ProviderSummaryData): void {
  const withRisks = data.clients.filter((client) => client.topRisks.length > 0);
  if (withRisks.length === 0) return;
  sectionTitle(doc, 'Größte Risiken je Kunde');
  for (const client of withRisks) {
    ensureSpace(doc, 50);
    doc.moveDown(0.3).font('Helvetica-Bold').fontSize(10).fillColor(COLOURS.text).text(client.name, MARGIN);
    for (const risk of client.topRisks) {
      doc.font('Helvetica').fontSize(9).fillColor(CRITICALITY_COLOURS[risk.criticality]).text(`${CRITICALITY_LABELS[risk.criticality]}: `, MARGIN + 10, doc.y, { continued: true });
      doc.fillColor(COLOURS.text).text(`${risk.title} (-${risk.scoreImpact} Punkte)`);
    }
  }
}

/** The provider's German summary across all its clients as a PDF (A4): scores, grades, trend and top risks. */
export function renderProviderSummaryPdf(data: ProviderSummaryData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Übersichtsbericht ${data.providerName}`, Author: data.brand.name, Creator: data.brand.name },
  });
  const done = collectPdf(doc);
  header(doc, data);
  overviewPanel(doc, data);
  clientTable(doc, data);
  topRisksSection(doc, data);
  perClientRisks(doc, data);
  pageFooters(doc, data.brand, `Übersichtsbericht ${data.providerName}`, data.generatedAt);
  doc.end();
  return done;
}
