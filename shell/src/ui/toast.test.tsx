import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from './toast';
import { resetToasts, toast, TOAST_DURATION_MS, TOAST_LIMIT } from './toast-store';

afterEach(() => act(() => resetToasts()));

/** Raises a notification and waits for the region's code, which loads on first use. */
async function raise(input: Parameters<typeof toast>[0]): Promise<void> {
  await act(async () => void toast(input));
  await screen.findByRole('region', { name: 'Notifications (F8)' });
}

describe('toasts', () => {
  it('loads nothing until needed: no region before the first notification or F8', () => {
    render(<Toaster />);
    expect(screen.queryByRole('region', { name: 'Notifications (F8)' })).not.toBeInTheDocument();
  });

  it('shows one notification at a time: a new one replaces the current one', async () => {
    expect(TOAST_LIMIT).toBe(1);
    render(<Toaster />);
    await raise({ title: 'First' });
    await act(async () => void toast({ title: 'Second', description: 'Details' }));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
  });

  it('F8 loads the region and moves focus to it', async () => {
    render(<Toaster />);
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
    await act(async () => undefined);
    expect(region.contains(document.activeElement)).toBe(true);
  });

  it('closes after 5000 ms by default', async () => {
    render(<Toaster />);
    await raise({ title: 'Primed' });
    jest.useFakeTimers();
    try {
      expect(TOAST_DURATION_MS).toBe(5000);
      act(() => void toast({ title: 'Saved' }));
      act(() => void jest.advanceTimersByTime(4900));
      expect(screen.getByText('Saved')).toBeInTheDocument();
      act(() => void jest.advanceTimersByTime(200));
      expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('closes from its close button', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    await raise({ title: 'Closable' });
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Closable')).not.toBeInTheDocument();
  });
});
