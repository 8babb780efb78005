/** The provider's client list as a file: what the client cards show, plus the collector's last contact and open critical findings. */
import { BILLING_CYCLE_LABELS, COLLECTOR_HEALTH_LABELS, hasScore } from '@burgwall/shared';
import type { Db } from '../db/database';
import type { ClientMode } from '../db/schema';
import type { ExportTable } from '../exports/export-table';
import { listClientCards } from './client-cards';
import { latestOpenCritical } from './provider-overview';

const MODE_LABELS: Record<ClientMode, string> = { monitoring: 'Monitoring', audit: 'Audit', quickcheck: 'Quickcheck' };

export interface ClientListFilter {
  mode?: ClientMode;
  /** The page's search: part of the name or the location, case-insensitive. */
  q?: string;
}

/** Collector times (global copy) and the latest open critical findings (score history) of the provider's clients. */
async function clientFacts(db: Db, providerId: string) {
  const rows = await db
    .selectFrom('client')
    .leftJoin('client_collector_status as status', 'status.client_fk', 'client.client_id_pk')
    .select([
      'client.client_id_pk as clientId',
      'status.last_data_at as lastDataAt',
      'status.last_replication_at as lastReplicationAt',
      latestOpenCritical(db).as('openCritical'),
    ])
    .where('client.serviceprovider_fk', '=', providerId)
    .execute();
  return new Map(rows.map((row) => [row.clientId, row]));
}

export async function clientListTable(db: Db, providerId: string, filter: ClientListFilter): Promise<ExportTable> {
  const needle = filter.q?.trim().toLowerCase();
  const [cards, facts] = await Promise.all([listClientCards(db, providerId, filter.mode), clientFacts(db, providerId)]);
  const matching = needle ? cards.filter((card) => card.title.toLowerCase().includes(needle) || (card.address ?? '').toLowerCase().includes(needle)) : cards;
  return {
    title: 'Kunden',
    fileName: filter.mode ? `kunden-${filter.mode}` : 'kunden',
    columns: [
      { key: 'name', header: 'Kunde', width: 32 },
      { key: 'location', header: 'Standort', width: 28 },
      { key: 'mode', header: 'Modus', width: 12 },
      { key: 'score', header: 'Sicherheitsbewertung', width: 20 },
      { key: 'grade', header: 'Note', width: 8 },
      { key: 'openCritical', header: 'Offene kritische Befunde', width: 22 },
      { key: 'collector', header: 'Collector', width: 28 },
      { key: 'lastDataAt', header: 'Letzte Daten am', width: 20 },
      { key: 'lastReplicationAt', header: 'Letzte Replikation am', width: 20 },
      { key: 'employees', header: 'Mitarbeiter', width: 12 },
      { key: 'billingCycle', header: 'Abrechnung', width: 12 },
      { key: 'subscriptionEnd', header: 'Laufzeit bis', width: 20 },
      { key: 'subscriptionStatus', header: 'Abostatus', width: 14 },
      { key: 'createdAt', header: 'Angelegt am', width: 20 },
      { key: 'clientId', header: 'Kunden-ID', width: 38 },
    ],
    rows: matching.map((card) => {
      const fact = facts.get(card.id);
      return {
        name: card.title,
        location: card.address,
        mode: MODE_LABELS[card.mode],
        // A client without a first evaluation has no score (the card shows „–“).
        score: hasScore(card.securityScore) ? Math.round(card.securityScore) : null,
        grade: hasScore(card.securityScore) ? card.grade : null,
        openCritical: fact?.openCritical ?? null,
        collector: COLLECTOR_HEALTH_LABELS[card.collectorHealth.colour],
        lastDataAt: fact?.lastDataAt ?? null,
        lastReplicationAt: fact?.lastReplicationAt ?? null,
        employees: card.employeeCount,
        billingCycle: BILLING_CYCLE_LABELS[card.billingCycle],
        subscriptionEnd: card.subscriptionEnd ? new Date(card.subscriptionEnd) : null,
        subscriptionStatus: card.subscriptionStatus === 'active' ? 'aktiv' : card.subscriptionStatus,
        createdAt: new Date(card.createdAt),
        clientId: card.id,
      };
    }),
  };
}
