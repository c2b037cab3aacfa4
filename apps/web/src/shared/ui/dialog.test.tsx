/**
 * The shared Dialog as a page's content uses it (a job posting): named by a heading of its
 * content rather than a title, its header's controls on top, Escape asks the parent to close.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

afterEach(() => cleanup());

function PostingHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        공고 열기
      </button>
      <Dialog
        open={open}
        labelledBy="posting-title"
        width="page"
        testId="posting"
        onClose={() => setOpen(false)}
        header={
          <button type="button" aria-label="닫기" onClick={() => setOpen(false)}>
            ✕
          </button>
        }
      >
        <h2 id="posting-title">백엔드 개발자</h2>
        <p>서울 · 정규직</p>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is named by the heading of its content, keeps its header controls on top and closes on Escape or the close button', () => {
    render(<PostingHarness />);
    fireEvent.click(screen.getByRole('button', { name: '공고 열기' }));
    const dialog = screen.getByRole('dialog', { name: '백엔드 개발자' });
    expect(dialog).toBe(screen.getByTestId('posting'));
    expect(dialog.classList.contains('dialog--page')).toBe(true);
    // no title of its own: the content's heading is the only one
    expect(screen.getAllByRole('heading')).toHaveLength(1);
    const head = dialog.querySelector('.dialog__head')!;
    expect(head.contains(screen.getByRole('button', { name: '닫기' }))).toBe(true);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByText('서울 · 정규직')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '공고 열기' }));
    fireEvent.click(screen.getByRole('button', { name: '닫기' }));
    expect(screen.queryByText('서울 · 정규직')).toBeNull();
  });

  it('shows its title on top when it has one, without a header bar', () => {
    render(
      <Dialog open title="프로젝트 지원" onClose={() => {}}>
        <p>본문</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: '프로젝트 지원' });
    expect(dialog.querySelector('.dialog__head')).toBeNull();
    expect(dialog.querySelector('h2.dialog__title')?.textContent).toBe('프로젝트 지원');
  });
});
