import { IconBolt, IconChecklist, IconDeviceDesktopAnalytics, IconSettings } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { AppFrame } from './app-frame';

/** Service-provider area (SPEC layout "serviceprovider"). */
export function ServiceproviderLayout() {
  const { providerId = '' } = useParams();
  const base = `/provider/${providerId}`;
  return (
    <AppFrame
      area="Dienstleisterbereich"
      sections={[
        {
          items: [
            { label: 'Monitoring', to: `${base}/monitoring`, icon: <IconDeviceDesktopAnalytics size={18} /> },
            { label: 'Audit', to: `${base}/audit`, icon: <IconChecklist size={18} /> },
            { label: 'Quickcheck', to: `${base}/quickcheck`, icon: <IconBolt size={18} /> },
            { label: 'Einstellungen', to: `${base}/settings`, icon: <IconSettings size={18} /> },
          ],
        },
      ]}
    />
  );
}
