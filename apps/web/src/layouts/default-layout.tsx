import {
  IconActivity,
  IconAdjustments,
  IconAlertTriangle,
  IconGauge,
  IconHistory,
  IconListSearch,
  IconSettings,
  IconShieldExclamation,
  IconSitemap,
} from '@tabler/icons-react';
import { useParams } from 'react-router';
import { AppFrame } from './app-frame';

/** Client area (SPEC layout "default"). */
export function DefaultLayout() {
  const { clientId = '' } = useParams();
  const base = `/client/${clientId}`;
  return (
    <AppFrame
      area="Kundenbereich"
      sections={[
        {
          items: [
            { label: 'Dashboard', to: `${base}/dashboard`, icon: <IconGauge size={18} /> },
            { label: 'Schwachstellen (IoE)', to: `${base}/ioe`, icon: <IconShieldExclamation size={18} /> },
            { label: 'Angriffe (IoA)', to: `${base}/ioa`, icon: <IconActivity size={18} /> },
            { label: 'Sicherheitsprotokoll', to: `${base}/security-log`, icon: <IconListSearch size={18} /> },
            { label: 'Änderungsverlauf', to: `${base}/change-history`, icon: <IconHistory size={18} /> },
            { label: 'Objekt-Explorer', to: `${base}/explorer`, icon: <IconSitemap size={18} /> },
          ],
        },
        {
          title: 'Einstellungen',
          items: [
            { label: 'Schwellenwerte', to: `${base}/settings/ioe/thresholds`, icon: <IconAdjustments size={18} /> },
            { label: 'Kritikalitäten', to: `${base}/settings/ioe/criticalities`, icon: <IconAlertTriangle size={18} /> },
            { label: 'Einstellungen', to: `${base}/settings`, icon: <IconSettings size={18} />, end: true },
          ],
        },
      ]}
    />
  );
}
