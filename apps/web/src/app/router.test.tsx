import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from './router';
import { theme } from './theme';
import { serveRepositoryStories } from '../features/content/testing/serve-repository-stories';

// The landing page behind 'Zurück' renders the 'home' content story.
beforeAll(serveRepositoryStories);

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe('unknown page', () => {
  it('shows the German 404 error screen, and Zurück goes to /', async () => {
    const router = renderAt('/gibt/es/nicht');
    expect(await screen.findByText('Seite nicht gefunden: /gibt/es/nicht')).toBeTruthy();
    expect(screen.getByTestId('error-code').textContent).toBe('404');
    expect(screen.getByText('Uh, oh! Ein Fehler ist aufgetreten')).toBeTruthy();
    const support = screen.getByText('Support kontaktieren').closest('a');
    expect(support?.getAttribute('href')).toBe('mailto:support@burgwall.de');
    fireEvent.click(screen.getByText('Zurück'));
    await screen.findByText(/Sicherheitsbewertung für Ihr Verzeichnis/);
    expect(router.state.location.pathname).toBe('/');
  });
});
