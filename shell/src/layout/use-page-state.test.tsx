import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { usePageState } from './use-page-state';

function Menu() {
  const [open, setOpen] = usePageState(false);
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => setOpen(!open)}>
        {open ? 'open' : 'closed'}
      </button>
      <button type="button" onClick={() => void navigate('/other')}>
        elsewhere
      </button>
      <button type="button" onClick={() => void navigate('/')}>
        back
      </button>
    </>
  );
}

const routed = () => createMemoryRouter([{ path: '*', element: <Menu /> }]);

describe('usePageState', () => {
  it('keeps what was set on the page, and starts again on every new page', async () => {
    render(<RouterProvider router={routed()} />);
    act(() => screen.getByRole('button', { name: 'closed' }).click());
    expect(screen.getByRole('button', { name: 'open' })).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'elsewhere' }).click());
    expect(screen.getByRole('button', { name: 'closed' })).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'closed' }).click());
    // Back on the first page: the state is the new page's, not what was set there before.
    await act(async () => screen.getByRole('button', { name: 'back' }).click());
    expect(screen.getByRole('button', { name: 'closed' })).toBeInTheDocument();
  });
});
