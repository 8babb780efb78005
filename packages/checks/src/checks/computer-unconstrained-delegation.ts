import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { isDomainController, isEnabled } from '../snapshot-index';
import { found } from '../types';
import { UAC, hasUacFlag } from '@burgwall/shared';

export const computerUnconstrainedDelegation = defineCheck({
  slug: 'computer-unconstrained-delegation',
  title: 'Uneingeschränkte Delegierung außerhalb der Domänencontroller',
  description: 'Computer oder Benutzer (keine Domänencontroller) sind für uneingeschränkte Kerberos-Delegierung freigegeben.',
  whyItMatters:
    'Ein solcher Server speichert die Tickets aller Benutzer, die sich bei ihm anmelden. Mit Coercion-Angriffen (z. B. PrinterBug) erhält ein Angreifer so das Ticket eines Domänencontrollers.',
  remediation: ['Stellen Sie auf eingeschränkte oder ressourcenbasierte Delegierung um.', 'Entfernen Sie „Computer bei Delegierungen aller Dienste vertrauen“.'],
  category: 'kerberos',
  criticality: 'high',
  scoreImpact: 8,
  directory: 'ad',
  thresholds: [],
  detect(snapshot) {
    const computers = snapshot.computers.filter((computer) => !isDomainController(computer));
    return found(
      [...computers, ...snapshot.users]
        .filter((account) => isEnabled(account) && hasUacFlag(account.userAccountControl, UAC.TRUSTED_FOR_DELEGATION))
        .map((account) => principalObject(account, 'TRUSTED_FOR_DELEGATION gesetzt')),
    );
  },
});
