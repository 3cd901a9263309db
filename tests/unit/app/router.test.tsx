// @vitest-environment jsdom
/**
 * The customer app's router (src/app/router.tsx), which stands in for react-router: the matching the
 * app's routes rely on, the history entries (the first one's key is 'default', which useGoBack reads),
 * a Link's click, the query string's setter, and the browser's back.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BrowserRouter, Link, matchPath, MemoryRouter, Navigate, Route, Routes, useLocation, useNavigate, useParams, useSearchParams, type NavigateFunction } from '../../../src/app/router';
import { useGoBack } from '../../../src/app/go-back';

afterEach(() => cleanup());

let navigate: NavigateFunction = () => {};
function Probe() {
  const location = useLocation();
  navigate = useNavigate();
  const [search] = useSearchParams();
  return <output data-testid="at">{`${location.pathname}${location.search}|${location.key === 'default' ? 'default' : 'key'}|${JSON.stringify(location.state)}|${search.get('id') ?? ''}`}</output>;
}
const at = () => screen.getByTestId('at').textContent;

function Order() {
  const { name } = useParams();
  return <p>order {name}</p>;
}

function App() {
  return (
    <>
      <Probe />
      <Routes>
        <Route path="/order/:name" element={<Order />} caseSensitive />
        <Route path="/order/home" element={<p>orders</p>} caseSensitive />
        <Route path="/" element={<p>landing</p>} caseSensitive />
        <Route path="/old" element={<Navigate to="/order/home" replace />} caseSensitive />
        <Route path="*" element={<p>not found</p>} />
      </Routes>
    </>
  );
}

describe('matchPath', () => {
  it('matches segments exactly, a :param as one decoded segment, ignoring a trailing slash', () => {
    expect(matchPath('/order/:name', '/order/A%20B/')).toEqual({ name: 'A B' });
    expect(matchPath('/order/:name', '/order')).toBeNull();
    expect(matchPath('/order/:name', '/order/a/b')).toBeNull();
    expect(matchPath('/order/:name', '/order/%E0%A4%A')).toBeNull();
    expect(matchPath('/HOME', '/home', true)).toBeNull();
    expect(matchPath('/HOME', '/home')).toEqual({});
    expect(matchPath('*', '/anything/at/all')).toEqual({});
  });
});

describe('Routes', () => {
  it('shows literal paths before parameterised ones, then *, with the params', () => {
    render(
      <MemoryRouter initialEntries={['/order/home']}>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByText('orders')).toBeTruthy();
    act(() => navigate('/order/a%2Fb'));
    expect(screen.getByText('order a/b')).toBeTruthy();
    act(() => navigate('/Order/home'));
    expect(screen.getByText('not found')).toBeTruthy();
  });

  it('Navigate replaces the entry it is rendered on', () => {
    render(
      <MemoryRouter initialEntries={['/old']}>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByText('orders')).toBeTruthy();
    expect(at()).toBe('/order/home|key|null|');
  });
});

describe('BrowserRouter', () => {
  it("keeps state with an entry, gives the first entry the key 'default', and follows the browser's back", async () => {
    window.history.replaceState(null, '', '/?id=7');
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    expect(at()).toBe('/?id=7|default|null|7');
    act(() => navigate('/order/x', { state: { from: 'test' } }));
    expect(at()).toBe('/order/x|key|{"from":"test"}|');
    expect(window.location.pathname).toBe('/order/x');
    expect(screen.getByText('order x')).toBeTruthy();
    await act(async () => {
      window.history.back();
      await new Promise((r) => addEventListener('popstate', r, { once: true }));
    });
    expect(at()).toBe('/?id=7|default|null|7');
  });
});

describe('Link', () => {
  function Links() {
    const location = useLocation();
    const back = useGoBack('/fallback');
    const [, setSearch] = useSearchParams();
    return (
      <>
        <p data-testid="where">{`${location.pathname}${location.search}`}</p>
        <Link to="/a">to a</Link>
        <button type="button" onClick={back}>
          back
        </button>
        <button type="button" onClick={() => setSearch({}, { replace: true })}>
          clear
        </button>
        <Probe />
      </>
    );
  }

  it('navigates inside the app on a plain click, and leaves a modified click to the browser', () => {
    render(
      <MemoryRouter initialEntries={['/start?voucher=3']}>
        <Links />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'to a' });
    expect(link.getAttribute('href')).toBe('/a');
    // a new tab: not the router's (the browser's, which jsdom has not: stopped after the router had its say)
    let leftToBrowser = false;
    const browser = (e: Event) => {
      leftToBrowser = !e.defaultPrevented;
      e.preventDefault();
    };
    document.addEventListener('click', browser);
    fireEvent.click(link, { ctrlKey: true });
    document.removeEventListener('click', browser);
    expect(leftToBrowser).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('/start?voucher=3');
    fireEvent.click(screen.getByRole('button', { name: 'clear' }));
    expect(screen.getByTestId('where').textContent).toBe('/start');
    fireEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/a');
    // back to where the app was opened (the replaced first entry, no longer 'default'), not the fallback
    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(screen.getByTestId('where').textContent).toBe('/start');
  });

  it("goes to the fallback from the page the app was opened on (nothing of the app's to go back to)", () => {
    render(
      <MemoryRouter initialEntries={['/start']}>
        <Links />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(screen.getByTestId('where').textContent).toBe('/fallback');
    expect(at()).toBe('/fallback|key|null|');
  });
});
