import { type AttributeChange, type Snapshot, UAC } from '@burgwall/shared';
import { saveChanges } from '../changes/change-store';
import type { Db } from '../db/database';
import { evaluateStoredChanges } from '../ioa/ioa-evaluation';
import { LiveHub } from '../live/live-hub';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A few days of directory changes for a demo client, stored and run through the real IoA detectors, so the change
 * history, the attacks page and the provider's „new attacks (24 h)“ have something to show: an SPN put on an employee
 * (Kerberoasting) and switched-off pre-authentication (AS-REP roasting) in the last hours, ordinary edits before.
 * Objects are employees of the client's demo snapshot; `offsetHours` staggers the clients.
 */
export function demoChanges(snapshot: Snapshot, offsetHours: number, now = new Date()): AttributeChange[] {
  const staff = snapshot.users.filter((user) => user.sAMAccountName.startsWith('mitarbeiter'));
  const [first, second, third] = [staff[0], staff[1] ?? staff[0], staff[2] ?? staff[0]];
  if (!first || !second || !third) return [];
  const dns = snapshot.domain.dnsName ?? 'demo.local';
  let usn = 900_000;
  const at = (hoursAgo: number) => new Date(now.getTime() - (hoursAgo + offsetHours) * HOUR_MS).toISOString();
  const change = (user: typeof first, propertyName: string, oldValue: string | null, newValue: string | null, hoursAgo: number): AttributeChange => ({
    objectGuid: user.objectGuid,
    objectClass: 'user',
    distinguishedName: user.distinguishedName,
    propertyName,
    oldValue,
    newValue,
    timestamp: at(hoursAgo),
    usn: ++usn,
  });
  return [
    change(third, 'description', 'Vertrieb', 'Vertrieb Süd', 70),
    change(second, 'telephoneNumber', '+49 761 1234-10', '+49 761 1234-22', 30),
    change(third, 'userAccountControl', String(UAC.NORMAL_ACCOUNT), String(UAC.NORMAL_ACCOUNT | UAC.ACCOUNTDISABLE), 9),
    change(second, 'userAccountControl', String(UAC.NORMAL_ACCOUNT), String(UAC.NORMAL_ACCOUNT | UAC.DONT_REQ_PREAUTH), 5),
    change(first, 'servicePrincipalName', null, `MSSQLSvc/sql01.${dns}:1433`, 2),
  ];
}

/** Stores the demo changes of one client and evaluates them as the data-change service does. */
export async function seedDemoActivity(db: Db, clientId: string, snapshot: Snapshot, offsetHours: number): Promise<void> {
  const { changeIds } = await saveChanges(db, clientId, demoChanges(snapshot, offsetHours));
  await evaluateStoredChanges(db, new LiveHub(db), clientId, changeIds);
}
