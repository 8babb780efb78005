export interface ClientCardData {
  id: string;
  type: 'client';
  title: string;
  address: string | null;
  initials: string;
  securityScore: number;
  grade: string;
  backgroundColour: 'green' | 'yellow' | 'red' | 'neutral';
  subscriptionEnd: string | null;
  employeeCount: number | null;
  billingCycle: 'monthly' | 'yearly';
  mode: 'monitoring' | 'audit' | 'quickcheck';
  subscriptionStatus: string;
  collectorHealth: { data: string | null; replication: string | null; colour: 'green' | 'red' | 'secondary' };
  createdAt: string;
}

export const SCORE_COLOUR: Record<ClientCardData['backgroundColour'], string> = { green: 'green', yellow: 'yellow', red: 'red', neutral: 'gray' };
export const BILLING_CYCLE_LABEL = { monthly: 'monatlich', yearly: 'jährlich' } as const;
