import { changeLanguage, showToast } from '@kontor/shared-session';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openShell } from './support/shell-test-kit';

const toastOf = (text: string) => screen.getByText(text).closest('.bp6-toast') as HTMLElement;

describe('toasts', () => {
  afterEach(() => jest.useRealTimers());

  it('shows a success green with a tick, bottom-right, with a bar counting down its timeout', async () => {
    await openShell('/');
    act(() => showToast('Mandant erfolgreich angelegt'));
    const toast = toastOf('Mandant erfolgreich angelegt');
    expect(toast).toHaveClass('bp6-intent-success');
    expect(toast.querySelector('[data-icon="tick"]')).not.toBeNull();
    expect(toast.closest('.bp6-toast-container')).toHaveClass(
      'bp6-toast-container-bottom',
      'bp6-toast-container-right',
    );
    const bar = within(toast).getByRole('progressbar');
    expect(bar.style.getPropertyValue('--kontor-toast-timeout')).toBe('5000ms');
    expect(within(toast).queryByRole('button')).toBeNull();
  });

  it('takes a toast with a timeout away once the timeout has run out', async () => {
    await openShell('/');
    jest.useFakeTimers();
    act(() => showToast('Login erfolgreich!', 'success', 2500));
    expect(screen.getByText('Login erfolgreich!')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByText('Login erfolgreich!')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000)); // timeout, then Blueprint's exit transition
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText('Login erfolgreich!')).toBeNull();
  });

  it('keeps an error without timeout red with an alert icon until Schliessen is clicked', async () => {
    await openShell('/');
    jest.useFakeTimers();
    act(() => showToast('Lager konnte nicht gespeichert werden', 'danger', 0));
    act(() => jest.advanceTimersByTime(60_000));
    const toast = toastOf('Lager konnte nicht gespeichert werden');
    expect(toast).toHaveClass('bp6-intent-danger');
    expect(toast.querySelector('[data-icon="error"]')).not.toBeNull();
    expect(within(toast).queryByRole('progressbar')).toBeNull();
    jest.useRealTimers();
    await userEvent.click(within(toast).getByRole('button', { name: 'Schliessen' }));
    await waitFor(() =>
      expect(screen.queryByText('Lager konnte nicht gespeichert werden')).toBeNull(),
    );
  });

  it('labels the close button Close in English', async () => {
    await openShell('/');
    await act(() => changeLanguage('en'));
    act(() => showToast('Warehouse could not be saved', 'danger', 0));
    expect(
      within(toastOf('Warehouse could not be saved')).getByRole('button', { name: 'Close' }),
    ).toBeInTheDocument();
  });
});
