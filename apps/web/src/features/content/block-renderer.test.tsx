import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import './blocks';
import { BlockRenderer } from './block-renderer';

const wrap = (ui: React.ReactNode) => render(<MantineProvider><MemoryRouter>{ui}</MemoryRouter></MantineProvider>);

describe('BlockRenderer', () => {
  it('renders registered blocks and nested rich text', () => {
    wrap(
      <BlockRenderer
        block={{
          component: 'legal_page',
          _uid: 'l1',
          title: 'Impressum',
          body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Burgwall GmbH', marks: [{ type: 'bold' }] }] }] },
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Impressum' })).toBeTruthy();
    expect(screen.getByText('Burgwall GmbH').tagName).toBe('STRONG');
  });

  it('logs an error naming a block whose component is missing, and renders nothing for it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = wrap(<BlockRenderer block={{ component: 'carousel', _uid: 'abc-123' }} />);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('"carousel"'));
    expect(log).toHaveBeenCalledWith(expect.stringContaining('abc-123'));
    expect(container.innerHTML.replace(/<style[\s\S]*?<\/style>/g, '')).toBe('');
    log.mockRestore();
  });

  it('routes rich-text images through /_ipx with valid options only', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    wrap(
      <BlockRenderer
        block={{
          component: 'help_text',
          _uid: 'h',
          title: 'Hilfe',
          body: { type: 'doc', content: [{ type: 'image', attrs: { src: 'landing/dashboard.png', alt: 'Dashboard' } }] },
        }}
      />,
    );
    expect(screen.getByAltText('Dashboard').getAttribute('src')).toBe('/_ipx/_/landing/dashboard.png');
    expect(screen.getByAltText('Dashboard').getAttribute('loading')).toBe('lazy');
    log.mockRestore();
  });
});
