/**
 * The staff bookings screen: the day list from GET staff/bookings (date, days, hall, status filters), the week
 * view, the domain's actions per status with PATCH staff/bookings/{id} (cancel after a confirm), and live
 * `booking.created` / `booking.status_changed` events from the stream position merged by id.
 */
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffBooking } from '@trapeza/domain/contracts/bookings';
import { initI18n } from '../../../i18n/i18n.ts';
import { loadFeatureBundle } from '../../../i18n/feature-bundles.ts';
import { staffTextLoaders } from '../hooks/use-staff-texts.ts';
import { chooseOption } from '../../../test/choose-option.ts';
import { BookingsView } from './bookings-view.tsx';

class FakeSource {
  static all: FakeSource[] = [];
  readyState = 0;
  listeners = new Map<string, (e: MessageEvent) => void>();
  onerror: (() => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSource.all.push(this);
  }
  addEventListener(name: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(name, fn);
  }
  close() {
    this.readyState = 2;
  }
  emit(name: string, id: number, data: unknown) {
    this.listeners.get(name)?.(
      new MessageEvent(name, { data: JSON.stringify(data), lastEventId: String(id) }),
    );
  }
}

const HALLS = [
  { id: 1, name: 'Main hall' },
  { id: 2, name: 'Terrace' },
];

function booking(over: Partial<StaffBooking> & Pick<StaffBooking, 'id'>): StaffBooking {
  return {
    status: 'confirmed',
    date: '2026-03-04',
    time: '19:00',
    end_time: '21:00',
    people: 2,
    hall: HALLS[0]!,
    table: { id: 5, number: '5', seats: 2 },
    product: null,
    name: `Guest ${over.id}`,
    phone: '+359 888 000 111',
    email: 'guest@example.com',
    comment: null,
    user_id: null,
    expires_at: null,
    created_at: '2026-03-03T10:00:00Z',
    ...over,
  };
}

interface Call {
  url: URL;
  method: string;
  body: unknown;
}
let calls: Call[];
let listAnswer: (url: URL) => StaffBooking[];

beforeAll(async () => {
  await initI18n('en');
  await loadFeatureBundle('staff', staffTextLoaders, 'en');
});

beforeEach(() => {
  FakeSource.all = [];
  calls = [];
  listAnswer = () => [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://x');
      const call = {
        url,
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      };
      calls.push(call);
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
      if (url.pathname === '/api/staff/user-needs') return json(200, { user_needs: [], last_event_id: 70 });
      if (url.pathname === '/api/staff/bookings')
        return json(200, { bookings: listAnswer(url), halls: HALLS });
      const m = /^\/api\/staff\/bookings\/(\d+)$/.exec(url.pathname);
      if (m && call.method === 'PATCH') {
        const id = Number(m[1]);
        if (id === 99) return json(409, { code: 'booking_invalid_transition', message: 'x' });
        return json(200, booking({ id, status: (call.body as { status: StaffBooking['status'] }).status }));
      }
      return json(404, { code: 'not_found', message: 'Not found' });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderView() {
  const onUnauthorized = vi.fn();
  await act(async () => {
    render(
      <BookingsView
        place="bistro"
        token="staff.token"
        lang="en"
        today="2026-03-04"
        onUnauthorized={onUnauthorized}
        createEventSource={(url) => new FakeSource(url) as unknown as EventSource}
      />,
    );
  });
  return onUnauthorized;
}

const lists = () => calls.filter((c) => c.url.pathname === '/api/staff/bookings');
const lastList = () => lists().at(-1)!.url.searchParams;
const cards = () => screen.queryAllByTestId('staff-booking');

test('day view: the active bookings of today, with the legal actions per status; hall and status filters ask again', async () => {
  listAnswer = () => [
    booking({ id: 2, time: '20:00', status: 'pending_payment', expires_at: '2026-03-04T10:15:00Z' }),
    booking({ id: 1, time: '19:00' }),
    booking({ id: 3, time: '21:00', status: 'seated' }),
  ];
  await renderView();
  await vi.waitFor(() => expect(cards()).toHaveLength(3));
  expect(Object.fromEntries(lastList())).toEqual({
    date: '2026-03-04',
    days: '1',
    status: 'pending_confirmation,pending_payment,confirmed,seated',
  });
  // Sorted by time; buttons from the domain's transition table.
  const [first, second, third] = cards();
  expect(within(first!).getByRole('heading').textContent).toContain('19:00');
  const names = (card: HTMLElement) =>
    within(card)
      .queryAllByRole('button')
      .map((b) => b.textContent);
  expect(names(first!)).toEqual(['Seat', 'No-show', 'Cancel booking']);
  expect(names(second!)).toEqual(['Confirm', 'Cancel booking']);
  expect(within(second!).getByTestId('staff-booking-status').textContent).toBe('Awaiting payment');
  expect(names(third!)).toEqual([]);

  const user = userEvent.setup();
  await chooseOption(user, screen.getByRole('combobox', { name: 'Hall' }), 'Terrace');
  await vi.waitFor(() => expect(lastList().get('hallId')).toBe('2'));
  await chooseOption(user, screen.getByRole('combobox', { name: 'Status' }), 'All statuses');
  await vi.waitFor(() => expect(lastList().has('status')).toBe(false));
  expect(lastList().get('hallId')).toBe('2');
});

test('pending bookings stand apart: their own badge, held-until time, and not in the confirmed people total', async () => {
  listAnswer = () => [
    booking({ id: 1, time: '19:00', people: 4 }),
    booking({
      id: 2,
      time: '19:30',
      people: 6,
      status: 'pending_confirmation',
      expires_at: '2026-03-04T10:30:00Z',
    }),
  ];
  await renderView();
  await vi.waitFor(() => expect(cards()).toHaveLength(2));
  const [confirmed, pending] = cards();
  expect(within(pending!).getByTestId('staff-booking-status').textContent).toBe('Awaiting confirmation');
  expect(within(pending!).getByText("Awaiting the guest's confirmation until")).toBeTruthy();
  expect(
    within(pending!)
      .queryAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Confirm', 'Cancel booking']);
  expect(within(confirmed!).queryByText("Awaiting the guest's confirmation until")).toBeNull();
  // The day's total: the 4 confirmed people only; the pending party is counted apart.
  const day = screen.getByTestId('bookings-2026-03-04');
  expect(within(day).getByText('4 people')).toBeTruthy();
  expect(within(day).getByTestId('bookings-pending-count').textContent).toBe('1 awaiting confirmation');
});

test('week view and paging: days=7 from the shown date, next week moves by seven days, bookings grouped by date', async () => {
  listAnswer = (url) =>
    url.searchParams.get('days') === '7'
      ? [booking({ id: 1, date: '2026-03-04' }), booking({ id: 4, date: '2026-03-06', time: '12:00' })]
      : [];
  await renderView();
  await vi.waitFor(() => expect(lists()).toHaveLength(1));
  expect(screen.getByText('No bookings.')).toBeTruthy();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Week' }));
  await vi.waitFor(() => expect(cards()).toHaveLength(2));
  expect(lastList().get('days')).toBe('7');
  expect(within(screen.getByTestId('bookings-2026-03-06')).getByText(/Guest 4/)).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Next week' }));
  await vi.waitFor(() => expect(lastList().get('date')).toBe('2026-03-11'));
});

test('status changes: Seat sends PATCH {status: seated}; cancel asks first; a stale booking reloads the list', async () => {
  listAnswer = () => [booking({ id: 1 }), booking({ id: 99, time: '20:00' })];
  await renderView();
  await vi.waitFor(() => expect(cards()).toHaveLength(2));
  const user = userEvent.setup();
  await user.click(within(cards()[0]!).getByRole('button', { name: 'Seat' }));
  await vi.waitFor(() =>
    expect(within(cards()[0]!).getByTestId('staff-booking-status').textContent).toBe('Seated'),
  );
  const patch = calls.find((c) => c.method === 'PATCH');
  expect(patch?.url.pathname).toBe('/api/staff/bookings/1');
  expect(patch?.body).toEqual({ status: 'seated' });

  await user.click(within(cards()[1]!).getByRole('button', { name: 'Cancel booking' }));
  expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  const before = lists().length;
  await user.click(within(cards()[1]!).getByRole('button', { name: 'Yes, cancel' }));
  await vi.waitFor(() => expect(lists().length).toBeGreaterThan(before));
  expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ status: 'cancelled' });
});

test('live: the stream opens from the stream position for booking events; created adds (highlighted), status_changed replaces or drops', async () => {
  listAnswer = () => [booking({ id: 1 })];
  await renderView();
  await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
  const source = FakeSource.all[0]!;
  expect(new URL(source.url, 'http://x').searchParams.get('last_event_id')).toBe('70');
  expect(source.listeners.has('booking.created')).toBe(true);
  expect(source.listeners.has('booking.status_changed')).toBe(true);
  expect(source.listeners.has('order.created')).toBe(false);

  act(() =>
    source.emit('booking.created', 71, { booking: booking({ id: 7, time: '18:00', name: 'Walk-in Ana' }) }),
  );
  expect(cards()).toHaveLength(2);
  expect(within(cards()[0]!).getByText('Walk-in Ana')).toBeTruthy();
  expect(within(cards()[0]!).getByText('New')).toBeTruthy();
  // Another day: not in this view.
  act(() => source.emit('booking.created', 72, { booking: booking({ id: 8, date: '2026-03-09' }) }));
  expect(cards()).toHaveLength(2);
  // The same booking again (a replay): still once.
  act(() =>
    source.emit('booking.created', 71, { booking: booking({ id: 7, time: '18:00', name: 'Walk-in Ana' }) }),
  );
  expect(cards()).toHaveLength(2);
  // Cancelled by the guest: the active view drops it.
  act(() => source.emit('booking.status_changed', 73, { booking: booking({ id: 1, status: 'cancelled' }) }));
  expect(cards()).toHaveLength(1);
  expect(screen.queryByText('Guest 1')).toBeNull();
});
