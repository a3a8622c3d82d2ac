import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from './toast';
import { resetToasts, toast, TOAST_DURATION_MS, TOAST_LIMIT } from './toast-store';

afterEach(() => act(() => resetToasts()));

describe('toasts', () => {
  it('shows one notification at a time: a new one replaces the current one', () => {
    expect(TOAST_LIMIT).toBe(1);
    render(<Toaster />);
    act(() => void toast({ title: 'First' }));
    act(() => void toast({ title: 'Second', description: 'Details' }));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();
  });

  it('closes after 5000 ms by default', () => {
    jest.useFakeTimers();
    try {
      expect(TOAST_DURATION_MS).toBe(5000);
      render(<Toaster />);
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
    act(() => void toast({ title: 'Closable' }));
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Closable')).not.toBeInTheDocument();
  });
});
