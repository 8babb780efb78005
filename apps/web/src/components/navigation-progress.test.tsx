import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NavigationProgress } from './navigation-progress';

describe('NavigationProgress', () => {
  it('shows the bar while a route change loads and hides it afterwards', async () => {
    let release: () => void = () => {};
    const router = createMemoryRouter([
      {
        element: (
          <>
            <NavigationProgress />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <Link to="/slow">weiter</Link> },
          { path: '/slow', loader: () => new Promise<null>((resolve) => (release = () => resolve(null))), element: <p>geladen</p> },
        ],
      },
    ]);
    render(
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    const bar = screen.getByTestId('page-loading');
    expect(bar.getAttribute('aria-hidden')).toBe('true');
    await act(async () => {
      screen.getByText('weiter').click();
    });
    expect(bar.getAttribute('aria-hidden')).toBe('false');
    await act(async () => release());
    await screen.findByText('geladen');
    expect(screen.getByTestId('page-loading').getAttribute('aria-hidden')).toBe('true');
  });
});
