import { Button, Card, Group, SegmentedControl, useMatches } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ChangeTable } from '../../components/change-table';
import { ExportMenu } from '../../components/export-menu';

/** /client/{clientId}/change-history: the latest directory changes, optionally only those flagged as IoA/IoE. */
export function ChangeHistoryPage() {
  const { clientId = '' } = useParams();
  const navigate = useNavigate();
  const [flag, setFlag] = useState('all');
  const filter = useMemo(() => (flag === 'ioa' ? { isIoa: true } : flag === 'ioe' ? { isIoe: true } : {}), [flag]);
  // Three labels do not fit side by side on a phone: there they stack.
  const filterOrientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  return (
    <>
      <PageHeader
        title="Änderungsverlauf"
        description="Alle Änderungen an Attributen im Active Directory (vom Collector gemeldet) und in Entra ID (zwischen zwei Erfassungen), nach Zeitpunkt sortiert."
        actions={
          <Group gap="sm">
            <ExportMenu
              clientId={clientId}
              choices={[
                { kind: 'changes', label: 'Änderungen' },
                { kind: 'ioas', label: 'Angriffsindikatoren (IoA)' },
              ]}
            />
            <Button component={Link} to={`/client/${clientId}/change-history/search`} leftSection={<IconSearch size={16} />} variant="light">
              Änderungen durchsuchen
            </Button>
          </Group>
        }
      />
      <Card withBorder radius="md" p="md">
        <SegmentedControl
          mb="md"
          orientation={filterOrientation}
          fullWidth={filterOrientation === 'vertical'}
          value={flag}
          onChange={setFlag}
          data={[
            { value: 'all', label: 'Alle Änderungen' },
            { value: 'ioa', label: 'Nur Angriffe (IoA)' },
            { value: 'ioe', label: 'Nur Schwachstellen (IoE)' },
          ]}
        />
        <ChangeTable
          clientId={clientId}
          filter={filter}
          onSelectObject={(change) => void navigate(`/client/${clientId}/change-history/search?object=${change.objectGuid}&name=${encodeURIComponent(change.distinguishedName)}`)}
        />
      </Card>
    </>
  );
}
