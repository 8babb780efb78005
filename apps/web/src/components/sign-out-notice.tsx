import { Alert, Container } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { signOutReason } from '../lib/auth/sign-out-reason';

/** Says why an automatic sign-out happened (e.g. a foreign or deleted client's URL), above the start page. */
export function SignOutNotice() {
  const [search] = useSearchParams();
  const reason = signOutReason(search);
  if (!reason) return null;
  return (
    <Container size="lg" pt="md">
      <Alert color="orange" icon={<IconLogout size={18} />} title={reason.title} role="alert" data-testid="sign-out-reason">
        {reason.text}
      </Alert>
    </Container>
  );
}
