import {
  IconApi,
  IconBuildingStore,
  IconFileSearch,
  IconListDetails,
  IconStack2,
  IconServer,
  IconSettings,
  IconShieldBolt,
  IconShieldCheck,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type AppEnv, loadAppEnv } from '../lib/runtime-env';
import { AppFrame } from './app-frame';

/** Admin area (SPEC layout "admin"). */
export function AdminLayout() {
  // Licences are issued by the SaaS only; a self-hosted installation has no licence page.
  const [appEnv, setAppEnv] = useState<AppEnv | null>(null);
  useEffect(() => {
    void loadAppEnv().then(setAppEnv);
  }, []);
  const licences = appEnv !== null && appEnv !== 'selfhosted' ? [{ label: 'Self-hosted-Lizenzen', to: '/admin/selfhosted', icon: <IconServer size={18} /> }] : [];
  return (
    <AppFrame
      area="Administration"
      sections={[
        {
          items: [
            { label: 'Dienstleister', to: '/admin/serviceprovider', icon: <IconBuildingStore size={18} /> },
            { label: 'Angriffe', to: '/admin/attacks', icon: <IconShieldBolt size={18} /> },
            { label: 'Befunde', to: '/admin/findings', icon: <IconShieldCheck size={18} /> },
            { label: 'Protokolle', to: '/admin/logs', icon: <IconListDetails size={18} />, end: true },
            { label: 'Protokollsuche', to: '/admin/logs/search', icon: <IconFileSearch size={18} /> },
            { label: 'Hintergrundaufträge', to: '/admin/jobs', icon: <IconStack2 size={18} /> },
            ...licences,
            { label: 'Graph-Explorer', to: '/admin/graph-explorer', icon: <IconApi size={18} /> },
            { label: 'Einstellungen', to: '/admin/settings', icon: <IconSettings size={18} /> },
          ],
        },
      ]}
    />
  );
}
