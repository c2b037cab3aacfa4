/**
 * Settings › Passkeys: each passkey with when it was added and last used; the last way to sign in
 * cannot be removed (the button is off and says why); removing asks first and sends nothing on
 * cancel; a rename needs a name and is sent trimmed; the server's refusal is shown; ko and en.
 */
import type { Passkey, PasskeyList } from '@moim/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { initTestI18n, newTestQueryClient, stubFetch } from '../../shared/test/render';
import { PasskeysSection } from './passkeys-section';

const key = (over: Partial<Passkey> & Pick<Passkey, 'id' | 'name'>): Passkey => ({
  createdAt: '2026-10-01T03:00:00.000Z',
  lastUsedAt: null,
  deviceType: 'singleDevice',
  backedUp: false,
  transports: ['internal'],
  ...over,
});
const MAC = key({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'MacBook',
  lastUsedAt: '2026-11-20T03:00:00.000Z',
  deviceType: 'multiDevice',
});
const PHONE = key({ id: '22222222-2222-4222-8222-222222222222', name: 'Phone' });

/** The list the server holds now; rename and remove change it, as the server would. */
function serve(initial: PasskeyList, refuse?: { code: string; message: string }) {
  let list = initial;
  return stubFetch((url, init) => {
    if (url.pathname === '/api/auth/passkeys' && init.method === 'GET') return { data: list };
    const id = url.pathname.split('/').pop()!;
    if (url.pathname.startsWith('/api/auth/passkeys/') && init.method === 'DELETE') {
      if (refuse) return { status: 409, error: refuse };
      list = { ...list, items: list.items.filter((k) => k.id !== id) };
      return { data: { removed: true } };
    }
    if (url.pathname.startsWith('/api/auth/passkeys/') && init.method === 'PATCH') {
      const { name } = JSON.parse(String(init.body)) as { name: string };
      list = { ...list, items: list.items.map((k) => (k.id === id ? { ...k, name } : k)) };
      return { data: list.items.find((k) => k.id === id) };
    }
    return undefined;
  });
}

async function show(lang: 'ko' | 'en' = 'ko') {
  await initTestI18n(lang);
  render(
    <QueryClientProvider client={newTestQueryClient()}>
      <PasskeysSection />
    </QueryClientProvider>,
  );
}

const sent = (calls: Array<{ method: string; url: URL; body: unknown }>, method: string) =>
  calls.filter((c) => c.method === method && c.url.pathname.startsWith('/api/auth/passkeys/'));

describe('passkeys section', () => {
  it('lists each passkey with when it was added and used, and marks a synced one', async () => {
    serve({ items: [MAC, PHONE], hasOtherSignIn: true });
    await show('en');
    const list = await screen.findByRole('list', { name: 'Passkeys' });
    const [mac, phone] = within(list).getAllByRole('listitem');
    expect(within(mac!).getByText('MacBook')).toBeTruthy();
    expect(within(mac!).getByText(/Added .*last used .*synced/)).toBeTruthy();
    expect(within(phone!).getByText(/not used yet/)).toBeTruthy();
    expect(within(phone!).queryByText(/synced/)).toBeNull();
  });

  it('says so when there is none', async () => {
    serve({ items: [], hasOtherSignIn: true });
    await show('ko');
    expect(await screen.findByText('아직 등록한 패스키가 없습니다.')).toBeTruthy();
  });

  it('will not remove the last way to sign in, and says why', async () => {
    serve({ items: [PHONE], hasOtherSignIn: false });
    await show('ko');
    const remove = await screen.findByRole('button', { name: 'Phone 삭제' });
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    const why = screen.getByText('마지막 로그인 수단이라 삭제할 수 없습니다. 비밀번호나 다른 패스키를 먼저 추가해 주세요.');
    expect(remove.getAttribute('aria-describedby')).toBe(why.id);
  });

  it('a single passkey can go when the account has a password or a social login', async () => {
    serve({ items: [PHONE], hasOtherSignIn: true });
    await show('ko');
    expect(((await screen.findByRole('button', { name: 'Phone 삭제' })) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/마지막 로그인 수단이라/)).toBeNull();
  });

  it('asks before removing: cancel sends nothing, confirming removes it from the list', async () => {
    const { calls } = serve({ items: [MAC, PHONE], hasOtherSignIn: false });
    await show('ko');
    fireEvent.click(await screen.findByRole('button', { name: 'Phone 삭제' }));
    let dialog = screen.getByRole('alertdialog', { name: "이 패스키를 삭제할까요? 'Phone'" });
    fireEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(sent(calls, 'DELETE')).toHaveLength(0);
    expect(screen.getByText('Phone')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Phone 삭제' }));
    dialog = screen.getByRole('alertdialog', { name: "이 패스키를 삭제할까요? 'Phone'" });
    fireEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(screen.queryByText('Phone')).toBeNull());
    expect(sent(calls, 'DELETE').map((c) => c.url.pathname)).toEqual([`/api/auth/passkeys/${PHONE.id}`]);
    // now MacBook is the last one
    expect(((await screen.findByRole('button', { name: 'MacBook 삭제' })) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server’s refusal to remove a passkey', async () => {
    serve({ items: [MAC, PHONE], hasOtherSignIn: true }, { code: 'AUTH-1034', message: '마지막 로그인 수단은 삭제할 수 없습니다.' });
    await show('ko');
    fireEvent.click(await screen.findByRole('button', { name: 'Phone 삭제' }));
    const dialog = screen.getByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    expect((await screen.findAllByText('마지막 로그인 수단은 삭제할 수 없습니다.')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Phone').length).toBeGreaterThan(0);
  });

  it('a rename needs a name, is sent trimmed and can be cancelled', async () => {
    const { calls } = serve({ items: [MAC, PHONE], hasOtherSignIn: true });
    await show('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Phone' }));
    const input = screen.getByLabelText('Passkey name');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a name.')).toBeTruthy();
    expect(sent(calls, 'PATCH')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Passkey name')).toBeNull();
    expect(screen.getByText('Phone')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Rename Phone' }));
    fireEvent.change(screen.getByLabelText('Passkey name'), { target: { value: '  Work phone ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Work phone')).toBeTruthy();
    expect(screen.queryByLabelText('Passkey name')).toBeNull();
    expect(sent(calls, 'PATCH').map((c) => [c.url.pathname, c.body])).toEqual([[`/api/auth/passkeys/${PHONE.id}`, { name: 'Work phone' }]]);
  });
});
