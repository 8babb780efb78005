import { assessCollectorHealth, CRITICALITIES, CRITICALITY_LABELS, type Criticality, formatDate, formatDateTime, grade, scoreColour } from '@burgwall/shared';
import PDFDocument from 'pdfkit';
import type { ReportData, ReportFinding } from './report-data';

/** Colours of the web theme (burg blue) and of the score colours (SPEC §9). */
export const COLOURS = {
  brand: '#1c59ad',
  text: '#212529',
  dimmed: '#6b7280',
  border: '#dee2e6',
  panel: '#f4f7fb',
  green: '#2f9e44',
  yellow: '#e8a200',
  red: '#e03131',
  neutral: '#868e96',
} as const;

export const CRITICALITY_COLOURS: Record<Criticality, string> = {
  critical: '#c92a2a',
  high: '#e8590c',
  medium: '#e8a200',
  low: '#1c7ed6',
};
const CRITICALITY_ORDER: readonly Criticality[] = CRITICALITIES;
/** Long object lists are cut so that one finding cannot fill pages. */
export const MAX_LISTED_OBJECTS = 25;

const MODE_LABELS: Record<string, string> = { monitoring: 'Monitoring', audit: 'Audit', quickcheck: 'Quickcheck' };
export const MARGIN = 50;
/** Width of one criticality counter in the score panel. */
const COUNT_BOX = 52;

export type Doc = PDFKit.PDFDocument;

export function width(doc: Doc): number {
  return doc.page.width - 2 * MARGIN;
}

export function ensureSpace(doc: Doc, needed: number): void {
  if (doc.y + needed > doc.page.height - MARGIN - 30) doc.addPage();
}

export function sectionTitle(doc: Doc, title: string): void {
  ensureSpace(doc, 60);
  doc.moveDown(1.2).font('Helvetica-Bold').fontSize(14).fillColor(COLOURS.brand).text(title, MARGIN);
  const y = doc.y + 3;
  doc.moveTo(MARGIN, y).lineTo(MARGIN + width(doc), y).lineWidth(1).strokeColor(COLOURS.border).stroke();
  doc.y = y + 8;
}

/** The top of the first page: the brand's logo or name, the creation time and a rule; leaves doc.y below it. */
export function brandBanner(doc: Doc, brand: ReportData['brand'], generatedAt: Date): void {
  const top = MARGIN;
  let textX = MARGIN;
  if (brand.logo) {
    try {
      doc.image(brand.logo, MARGIN, top, { fit: [120, 40] });
      textX = MARGIN + 132;
    } catch {
      // An unreadable logo must not break the report; the name alone is shown.
    }
  }
  doc.font('Helvetica-Bold').fontSize(18).fillColor(COLOURS.brand).text(brand.name, textX, top + 4);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(COLOURS.dimmed)
    .text(`Erstellt am ${formatDateTime(generatedAt)}`, MARGIN, top + 8, { width: width(doc), align: 'right' });
  doc.moveTo(MARGIN, top + 50).lineTo(MARGIN + width(doc), top + 50).lineWidth(2).strokeColor(COLOURS.brand).stroke();
  doc.y = top + 68;
}

function header(doc: Doc, data: ReportData): void {
  brandBanner(doc, data.brand, data.generatedAt);
  doc.font('Helvetica-Bold').fontSize(22).fillColor(COLOURS.text).text('Sicherheitsbericht', MARGIN);
  doc.font('Helvetica').fontSize(12).fillColor(COLOURS.text).text(data.client.name);
  const details = [data.client.address, MODE_LABELS[data.client.mode] ?? data.client.mode].filter(Boolean).join(' · ');
  doc.fontSize(10).fillColor(COLOURS.dimmed).text(details);
}

function scorePanel(doc: Doc, data: ReportData): void {
  const top = doc.y + 16;
  const colour = COLOURS[scoreColour(data.score)];
  doc.roundedRect(MARGIN, top, width(doc), 96, 8).fillColor(COLOURS.panel).fill();
  doc.circle(MARGIN + 58, top + 48, 34).lineWidth(6).strokeColor(colour).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(data.score === null ? 22 : 24)
    .fillColor(colour)
    .text(data.score === null ? '-' : String(Math.round(data.score)), MARGIN + 18, top + 36, { width: 80, align: 'center' });
  const x = MARGIN + 116;
  doc.font('Helvetica').fontSize(10).fillColor(COLOURS.dimmed).text('Sicherheitsbewertung', x, top + 18);
  doc
    .font('Helvetica-Bold')
    .fontSize(17)
    .fillColor(COLOURS.text)
    .text(data.score === null ? 'Noch keine Bewertung' : `${Math.round(data.score)} von 100 Punkten`, x, top + 33, {
      width: width(doc) - 116 - 4 * COUNT_BOX - 12,
    });
  doc.font('Helvetica').fontSize(11).fillColor(colour).text(`Note ${grade(data.score)}`, x, top + 60);

  const counts = CRITICALITY_ORDER.map((level) => ({
    level,
    count: data.findings.findings.filter((finding) => finding.criticality === level).length,
  }));
  let boxX = MARGIN + width(doc) - 4 * COUNT_BOX - 8;
  for (const { level, count } of counts) {
    doc.font('Helvetica-Bold').fontSize(18).fillColor(CRITICALITY_COLOURS[level]).text(String(count), boxX, top + 28, { width: COUNT_BOX, align: 'center' });
    doc.font('Helvetica').fontSize(8).fillColor(COLOURS.dimmed).text(CRITICALITY_LABELS[level], boxX, top + 52, { width: COUNT_BOX, align: 'center' });
    boxX += COUNT_BOX;
  }
  doc.y = top + 96;
}

function keyValue(doc: Doc, rows: Array<[string, string]>): void {
  for (const [key, value] of rows) {
    ensureSpace(doc, 18);
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor(COLOURS.dimmed).text(key, MARGIN, y, { width: 170 });
    doc.font('Helvetica').fontSize(10).fillColor(COLOURS.text).text(value, MARGIN + 175, y, { width: width(doc) - 175 });
    doc.moveDown(0.3);
  }
}

function collectorSection(doc: Doc, data: ReportData): void {
  sectionTitle(doc, 'Collector und Verzeichnis');
  const { collector } = data;
  const { color } = assessCollectorHealth(collector, data.generatedAt);
  const status = color === 'secondary' ? 'Noch keine Daten empfangen' : color === 'red' ? 'Gestört – letzte Daten älter als 4 Stunden' : 'Aktiv';
  keyValue(doc, [
    ['Status', status],
    ['Collector-Version', collector.version ?? '-'],
    ['Letzte Datenübertragung', formatDateTime(collector.lastDataAt)],
    ['Letzte Replikation', formatDateTime(collector.lastReplicationAt)],
    ['Domänen', data.domains.length > 0 ? data.domains.join(', ') : '-'],
  ]);
}

function findingBlock(doc: Doc, finding: ReportFinding): void {
  ensureSpace(doc, 90);
  const top = doc.y + 6;
  const colour = CRITICALITY_COLOURS[finding.criticality];
  doc.rect(MARGIN, top, 3, 14).fillColor(colour).fill();
  doc.font('Helvetica-Bold').fontSize(11).fillColor(COLOURS.text).text(finding.title, MARGIN + 10, top, { width: width(doc) - 110 });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(colour)
    .text(`${CRITICALITY_LABELS[finding.criticality]} · -${finding.scoreImpact} Punkte`, MARGIN + width(doc) - 140, top + 1, { width: 140, align: 'right' });
  doc.y = Math.max(doc.y, top + 16);
  const body = { width: width(doc) - 10 };
  doc.font('Helvetica').fontSize(10).fillColor(COLOURS.text).text(finding.description, MARGIN + 10, doc.y + 2, body);
  doc.moveDown(0.3).font('Helvetica-Bold').fontSize(9).fillColor(COLOURS.dimmed).text('Maßnahme', MARGIN + 10, doc.y, body);
  doc.font('Helvetica').fontSize(10).fillColor(COLOURS.text).text(finding.remediation, MARGIN + 10, doc.y, body);
  const listed = finding.affectedObjects.slice(0, MAX_LISTED_OBJECTS);
  doc
    .moveDown(0.3)
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(COLOURS.dimmed)
    .text(`Betroffene Objekte (${finding.affectedObjects.length})`, MARGIN + 10, doc.y, body);
  const rest = finding.affectedObjects.length - listed.length;
  const objects = listed.join(', ') + (rest > 0 ? ` und ${rest} weitere` : '');
  doc.font('Helvetica').fontSize(9).fillColor(COLOURS.text).text(objects || '-', MARGIN + 10, doc.y, body);
  doc.moveDown(0.8);
}

function findingsSection(doc: Doc, data: ReportData): void {
  sectionTitle(doc, 'Befunde nach Kritikalität');
  const { evaluated, findings } = data.findings;
  if (!evaluated) {
    doc.font('Helvetica').fontSize(10).fillColor(COLOURS.dimmed).text('Für diesen Kunden liegt noch keine Auswertung vor. Die Befunde erscheinen nach der ersten vollständigen Datenübertragung des Collectors.', MARGIN);
    return;
  }
  if (findings.length === 0) {
    doc.font('Helvetica').fontSize(10).fillColor(COLOURS.text).text('Keine offenen Befunde – alle aktiven Prüfungen sind bestanden.', MARGIN);
    return;
  }
  for (const level of CRITICALITY_ORDER) {
    const group = findings.filter((finding) => finding.criticality === level).sort((a, b) => b.scoreImpact - a.scoreImpact);
    if (group.length === 0) continue;
    ensureSpace(doc, 110);
    doc.moveDown(0.4).font('Helvetica-Bold').fontSize(12).fillColor(CRITICALITY_COLOURS[level]).text(`${CRITICALITY_LABELS[level]} (${group.length})`, MARGIN);
    for (const finding of group) findingBlock(doc, finding);
  }
}

function exceptionsSection(doc: Doc, data: ReportData): void {
  const { exceptions, evaluated } = data.findings;
  if (!evaluated) return;
  sectionTitle(doc, 'Ausnahmen');
  if (exceptions.length === 0) {
    doc.font('Helvetica').fontSize(10).fillColor(COLOURS.dimmed).text('Es sind keine Ausnahmen hinterlegt.', MARGIN);
    return;
  }
  keyValue(doc, exceptions.map((entry) => [entry.objectName, `${entry.title} – ${entry.reason}`]));
}

/** „Seit der letzten Prüfung“: finding objects that appeared or went away with the newest directory data. */
function changesSection(doc: Doc, data: ReportData): void {
  const { changes } = data;
  if (!data.findings.evaluated) return;
  sectionTitle(doc, 'Seit der letzten Prüfung');
  if (!changes.previousCheckAt) {
    doc.font('Helvetica').fontSize(10).fillColor(COLOURS.dimmed).text('Dies ist die erste Prüfung; der Vergleich erscheint im nächsten Bericht.', MARGIN);
    return;
  }
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(COLOURS.dimmed)
    .text(`Prüfung vom ${formatDateTime(changes.currentCheckAt)} im Vergleich zur Prüfung vom ${formatDateTime(changes.previousCheckAt)}.`, MARGIN);
  doc.moveDown(0.4);
  const list = (label: string, count: number, items: typeof changes.new) => {
    ensureSpace(doc, 40);
    doc.font('Helvetica-Bold').fontSize(11).fillColor(COLOURS.text).text(`${label} (${count})`, MARGIN);
    if (items.length === 0) doc.font('Helvetica').fontSize(10).fillColor(COLOURS.dimmed).text('Keine.', MARGIN);
    keyValue(doc, items.map((item) => [item.objectName, `${CRITICALITY_LABELS[item.criticality]} · ${item.title}`]));
    if (count > items.length) doc.font('Helvetica').fontSize(9).fillColor(COLOURS.dimmed).text(`und ${count - items.length} weitere`, MARGIN);
    doc.moveDown(0.5);
  };
  list('Neue Befunde', changes.newCount, changes.new);
  list('Behobene Befunde', changes.resolvedCount, changes.resolved);
}

/** A page of its own: who can reach Tier 0, by which chain, and the changes that cut the most paths. */
function attackPathSection(doc: Doc, data: ReportData): void {
  const paths = data.attackPaths;
  if (paths.collectedAt === null) return;
  doc.addPage();
  sectionTitle(doc, 'Angriffspfade zu Tier 0');
  const text = (value: string, options: { bold?: boolean; size?: number; colour?: string; indent?: number } = {}) =>
    doc
      .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(options.size ?? 10)
      .fillColor(options.colour ?? COLOURS.text)
      .text(value, MARGIN + (options.indent ?? 0), doc.y, { width: width(doc) - (options.indent ?? 0) });
  if (paths.principalCount === 0) {
    text('Kein Konto und keine Gruppe außerhalb von Tier 0 hat einen Pfad zu Tier 0.');
    return;
  }
  text(
    `${paths.principalCount} Konten und Gruppen außerhalb von Tier 0 können über Rechte, Mitgliedschaften, GPOs oder Delegierungen ` +
      `ein Tier-0-Objekt übernehmen; der kürzeste Pfad hat ${paths.shortestLength} ${paths.shortestLength === 1 ? 'Schritt' : 'Schritte'}.`,
  );
  doc.moveDown(0.6);
  text('Wirksamste Maßnahmen', { bold: true, size: 11 });
  paths.cuts.forEach((cut, i) => {
    ensureSpace(doc, 40);
    text(`${i + 1}. ${cut.step.from.name} ${cut.step.label} ${cut.step.to.name} – trennt ${cut.disconnects}`, { bold: true, size: 10, indent: 6 });
    text(cut.remediation, { size: 9, colour: COLOURS.dimmed, indent: 18 });
  });
  doc.moveDown(0.6);
  text(paths.principalCount > paths.principals.length ? `Kürzeste Pfade (die ersten ${paths.principals.length})` : 'Kürzeste Pfade', { bold: true, size: 11 });
  for (const entry of paths.principals) {
    ensureSpace(doc, 36);
    text(`${entry.principal.name} (${entry.length} ${entry.length === 1 ? 'Schritt' : 'Schritte'})`, { bold: true, size: 9, indent: 6 });
    // Helvetica's WinAnsi encoding has no arrow: the steps are separated by ›.
    text(entry.description.replace(/ —/g, ' › ').replace(/→ /g, ' › '), { size: 9, indent: 18 });
  }
}

/** Every page's footer: the brand's contact, „Vertraulich“, what the report is about, the date and the page number. */
export function pageFooters(doc: Doc, brand: ReportData['brand'], subject: string, generatedAt: Date): void {
  const range = doc.bufferedPageRange();
  const contact = [brand.name, brand.email, brand.phone].filter(Boolean).join(' · ');
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const y = doc.page.height - MARGIN + 10;
    // Writing below the bottom margin would make pdfkit add a page; lift the margin while drawing.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(COLOURS.dimmed);
    doc.text(`${contact} · Vertraulich · ${subject} · ${formatDate(generatedAt)}`, MARGIN, y, { width: width(doc) - 80 });
    doc.text(`Seite ${index + 1} von ${range.count}`, MARGIN, y, { width: width(doc), align: 'right' });
    doc.page.margins.bottom = bottom;
  }
}

/** The finished document's bytes (resolves after `doc.end()`). */
export function collectPdf(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** Renders the German audit report as a PDF (A4). */
export function renderReportPdf(data: ReportData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Sicherheitsbericht ${data.client.name}`, Author: data.brand.name, Creator: data.brand.name },
  });
  const done = collectPdf(doc);
  header(doc, data);
  scorePanel(doc, data);
  collectorSection(doc, data);
  changesSection(doc, data);
  findingsSection(doc, data);
  exceptionsSection(doc, data);
  attackPathSection(doc, data);
  pageFooters(doc, data.brand, data.client.name, data.generatedAt);
  doc.end();
  return done;
}
