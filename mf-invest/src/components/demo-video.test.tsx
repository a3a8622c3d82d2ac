import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@cardlift/shell/test-utils';
import { DemoVideo } from './demo-video';
import { autoplayUrl } from './video-embed';

describe('DemoVideo', () => {
  it('shows a thumbnail button and embeds nothing before it is pressed', () => {
    const { container } = renderWithProviders(<DemoVideo embedUrl="https://video.example/embed/demo" />);
    expect(screen.getByRole('button', { name: 'Play the Signalwise demo video' })).toBeInTheDocument();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it('swaps the thumbnail for an autoplaying, titled player on click and moves focus to it', async () => {
    renderWithProviders(<DemoVideo embedUrl="https://video.example/embed/demo?rel=0" />);
    await userEvent.click(screen.getByRole('button', { name: /play the signalwise demo/i }));
    const frame = screen.getByTitle('Signalwise demo video');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://video.example/embed/demo?rel=0&autoplay=1');
    expect(frame.getAttribute('allow')).toContain('autoplay');
    expect(frame).toHaveFocus();
    expect(screen.queryByRole('button', { name: /play/i })).toBeNull();
  });

  it('plays with the keyboard too', async () => {
    renderWithProviders(<DemoVideo embedUrl="https://video.example/embed/demo" />);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTitle('Signalwise demo video')).toBeInTheDocument();
  });
});

describe('autoplayUrl', () => {
  it('adds autoplay=1 once, keeping other parameters', () => {
    expect(autoplayUrl('https://v.example/embed/x')).toBe('https://v.example/embed/x?autoplay=1');
    expect(autoplayUrl('https://v.example/embed/x?autoplay=0&t=5')).toBe('https://v.example/embed/x?autoplay=1&t=5');
  });
});
