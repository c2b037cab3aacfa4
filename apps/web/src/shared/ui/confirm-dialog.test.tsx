/**
 * The confirmation asked before a decision that reaches another person: it says what happens and
 * who is told, focus starts on the safe choice, Escape and Cancel send nothing, a required note is
 * asked for before anything is sent, and nothing can be sent twice while the first is in flight.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../test/i18n';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

afterEach(() => cleanup());
beforeEach(() => initTestI18n('ko'));

function Harness(props: Partial<ConfirmDialogProps> & { onConfirm: (note: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        승인
      </button>
      <ConfirmDialog
        open={open}
        title="김하늘 님의 지원을 승인할까요?"
        body="백엔드 개발자 포지션의 한 자리를 채우고 팀에 합류해요."
        notice="김하늘 님에게 알림과 메일로 알려요."
        confirmLabel="승인하기"
        onClose={() => setOpen(false)}
        {...props}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('says what happens and who is told; focus starts on Cancel; Escape sends nothing; confirming sends once', () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: '승인' }));
    const dialog = screen.getByRole('alertdialog', { name: '김하늘 님의 지원을 승인할까요?' });
    const description = document.getElementById(dialog.getAttribute('aria-describedby')!)!;
    expect(description.textContent).toContain('백엔드 개발자 포지션의 한 자리를 채우고 팀에 합류해요.');
    expect(description.textContent).toContain('김하늘 님에게 알림과 메일로 알려요.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '취소' }));

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '승인' }));
    fireEvent.click(screen.getByRole('button', { name: '취소' }));
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '승인' }));
    fireEvent.click(screen.getByRole('button', { name: '승인하기' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledWith('');
  });

  it('asks for a required note first (focus in it), and sends it trimmed; every opening starts empty', () => {
    const onConfirm = vi.fn();
    render(
      <Harness
        onConfirm={onConfirm}
        tone="danger"
        confirmLabel="반려하기"
        note={{ label: '지원자에게 보낼 메모', required: true, minLength: 2, missingMessage: '2자 이상 입력해 주세요.' }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: '승인' }));
    const note = screen.getByRole('textbox', { name: /지원자에게 보낼 메모/ });
    expect(document.activeElement).toBe(note);
    fireEvent.click(screen.getByRole('button', { name: '반려하기' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByText('2자 이상 입력해 주세요.')).toBeTruthy();
    fireEvent.change(note, { target: { value: '  이번에는 어려워요.  ' } });
    fireEvent.click(screen.getByRole('button', { name: '반려하기' }));
    expect(onConfirm).toHaveBeenCalledWith('이번에는 어려워요.');

    fireEvent.click(screen.getByRole('button', { name: '취소' }));
    fireEvent.click(screen.getByRole('button', { name: '승인' }));
    expect((screen.getByRole('textbox', { name: /지원자에게 보낼 메모/ }) as HTMLTextAreaElement).value).toBe('');
  });

  it('while the decision is in flight: no second send, and Escape does not close', () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmDialog open pending title="승인할까요?" confirmLabel="승인하기" onConfirm={onConfirm} onClose={onClose} />);
    const dialog = screen.getByRole('alertdialog');
    fireEvent.click(screen.getByRole('button', { name: '승인하기' }));
    fireEvent.submit(dialog.querySelector('form')!);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
