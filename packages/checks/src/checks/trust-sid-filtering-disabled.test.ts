import { trustSchema } from '@burgwall/shared';
import { describe, expect, it } from 'vitest';
import { DOMAIN_DN, cleanSnapshot, guid } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { trustSidFilteringDisabled as check } from './trust-sid-filtering-disabled';

const trust = (partner: string, direction: number, attributes: number) =>
  trustSchema.parse({ objectGuid: guid(), distinguishedName: `CN=${partner},CN=System,${DOMAIN_DN}`, trustPartner: partner, trustDirection: direction, trustType: 2, trustAttributes: attributes });

describe('trust-sid-filtering-disabled', () => {
  it('does not trigger for a quarantined external trust, an outbound-only trust or a filtered forest trust', () => {
    const snapshot = cleanSnapshot();
    snapshot.trusts.push(trust('partner.local', 3, 0x4), trust('out.local', 2, 0), trust('forest.local', 3, 0x8));
    expect(run(check, snapshot).affected).toEqual([]);
  });
  it('triggers for an unquarantined external trust and a forest trust with SID history', () => {
    const snapshot = cleanSnapshot();
    snapshot.trusts.push(trust('ext.local', 1, 0), trust('hist.local', 3, 0x8 | 0x400));
    expect(names(run(check, snapshot))).toEqual(['ext.local', 'hist.local']);
  });
});
