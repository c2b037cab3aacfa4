import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../shared/test/render';
import { CopyLinkButton, readableUrl } from './copy-link';

beforeAll(() => initTestI18n());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('readableUrl', () => {
  it('shows a Korean slug as Hangul and keeps a malformed escape as it is', () => {
    expect(readableUrl('http://localhost:3000/study/1-%EB%AA%A8%EC%9E%84-%EC%BA%98%EB%A6%B0%EB%8D%94')).toBe(
      'http://localhost:3000/study/1-모임-캘린더',
    );
    expect(readableUrl('http://localhost:3000/study/1-%E0%A4%A')).toBe('http://localhost:3000/study/1-%E0%A4%A');
  });
});

describe('CopyLinkButton', () => {
  it('copies the readable address of the page and announces it', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    window.history.replaceState(null, '', '/study/1-모임-캘린더');
    render(<CopyLinkButton />);
    fireEvent.click(screen.getByRole('button', { name: '링크 복사' }));
    expect(await screen.findByText('링크를 복사했어요.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/study/1-모임-캘린더`);
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
  });

  it('says so when the copy fails', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn().mockRejectedValue(new Error('no')) } });
    document.execCommand = vi.fn().mockReturnValue(false);
    render(<CopyLinkButton />);
    fireEvent.click(screen.getByRole('button', { name: '링크 복사' }));
    expect(await screen.findByText(/링크를 복사하지 못했어요/)).toBeTruthy();
  });
});
