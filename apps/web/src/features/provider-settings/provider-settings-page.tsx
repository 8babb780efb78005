import { Paper, Tabs } from '@mantine/core';
import { API_TOKEN_SCOPES } from '@burgwall/shared';
import { IconBell, IconBrush, IconBolt, IconFileText, IconKey, IconMail, IconReceipt, IconUsers } from '@tabler/icons-react';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ErrorState, LoadingState } from '../../components/data-states';
import { ApiTokensPanel } from '../../components/api-tokens-panel';
import { TeamPanel } from '../../components/team-panel';
import { useApiQuery } from '../../lib/api-query';
import { AlertsPanel } from './alerts-panel';
import { BillingPanel } from './billing-panel';
import { EmailSettingsPanel } from './email-settings-panel';
import { getServiceprovider } from './provider-settings-api';
import { QuickcheckSettingsPanel } from './quickcheck-settings-panel';
import { ReportSchedulesPanel } from './report-schedules-panel';
import { WhitelabelPanel } from './whitelabel-panel';

const TABS = ['team', 'whitelabel', 'email', 'alerts', 'reports', 'quickcheck', 'billing', 'api-tokens'] as const;

/** /provider/{id}/settings: team, white label, custom e-mail, alerts, webhooks and SIEM, scheduled reports, quick check, billing and API tokens. */
export function ProviderSettingsPage() {
  const { providerId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as string) : 'team';
  const provider = useApiQuery(getServiceprovider(providerId));
  return (
    <>
      <PageHeader title="Einstellungen" description={provider.data?.serviceproviderName} />
      {provider.isPending && <LoadingState />}
      {provider.errorMessage && <ErrorState message={provider.errorMessage} onRetry={() => void provider.refetch()} />}
      {provider.data && (
        <Paper withBorder radius="lg" p="lg">
          <Tabs value={tab} onChange={(value) => setParams({ tab: value ?? 'team' }, { replace: true })} keepMounted={false}>
            <Tabs.List mb="lg">
              <Tabs.Tab value="team" leftSection={<IconUsers size={16} />}>
                Team
              </Tabs.Tab>
              <Tabs.Tab value="whitelabel" leftSection={<IconBrush size={16} />}>
                White-Label
              </Tabs.Tab>
              <Tabs.Tab value="email" leftSection={<IconMail size={16} />}>
                E-Mail-Versand
              </Tabs.Tab>
              <Tabs.Tab value="alerts" leftSection={<IconBell size={16} />}>
                Alarme
              </Tabs.Tab>
              <Tabs.Tab value="reports" leftSection={<IconFileText size={16} />}>
                Berichte
              </Tabs.Tab>
              <Tabs.Tab value="quickcheck" leftSection={<IconBolt size={16} />}>
                Quickcheck
              </Tabs.Tab>
              <Tabs.Tab value="billing" leftSection={<IconReceipt size={16} />}>
                Abrechnung
              </Tabs.Tab>
              <Tabs.Tab value="api-tokens" leftSection={<IconKey size={16} />}>
                API-Tokens
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="team">
              <TeamPanel basePath="/serviceprovider/{serviceproviderUUID}" required={{ serviceproviderUUID: providerId }} />
            </Tabs.Panel>
            <Tabs.Panel value="whitelabel">
              <WhitelabelPanel provider={provider.data} />
            </Tabs.Panel>
            <Tabs.Panel value="email">
              <EmailSettingsPanel providerId={providerId} />
            </Tabs.Panel>
            <Tabs.Panel value="alerts">
              <AlertsPanel providerId={providerId} />
            </Tabs.Panel>
            <Tabs.Panel value="reports">
              <ReportSchedulesPanel providerId={providerId} />
            </Tabs.Panel>
            <Tabs.Panel value="quickcheck">
              <QuickcheckSettingsPanel provider={provider.data} />
            </Tabs.Panel>
            <Tabs.Panel value="billing">
              <BillingPanel providerId={providerId} />
            </Tabs.Panel>
            <Tabs.Panel value="api-tokens">
              <ApiTokensPanel
                scope={{ basePath: '/serviceprovider/{serviceproviderUUID}', required: { serviceproviderUUID: providerId } }}
                scopes={API_TOKEN_SCOPES}
                description="Tokens des Dienstleisters für die REST-API (z. B. für RMM, PSA oder SIEM): Sie handeln für alle Ihre Kunden, aber nur mit den gewählten Berechtigungen, und gelten weiter, wenn das Teammitglied geht, das sie erstellt hat."
              />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      )}
    </>
  );
}
