import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client';
import { initTestI18n } from '../test/i18n';
import { ErrorMessage } from './error-message';
import { Field } from './field';
import { placeServerFieldErrors, serverFieldError } from './server-field-errors';

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});
beforeEach(() => initTestI18n('ko'));

function answer(status: number, error: { code: string; message: string; details?: unknown }) {
  globalThis.fetch = vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify({ success: false, error, message: error.message }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  ) as typeof fetch;
}

interface Values {
  title: string;
  links: { github: string };
  items: { name: string }[];
}

/** A form the way the pages build one: Field + register, the server's failure under the fields. */
function ProfileForm({ rename }: { rename?: (path: string) => string | null }) {
  const form = useForm<Values>({ defaultValues: { title: '', links: { github: '' }, items: [{ name: '' }] } });
  const [failure, setFailure] = useState<unknown>(null);
  const e = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    try {
      await api.post('/api/things', v);
    } catch (err) {
      placeServerFieldErrors(err, form, rename);
      setFailure(err);
    }
  });
  return (
    <form onSubmit={(ev) => void submit(ev)} noValidate>
      <Field label="제목" error={e.title?.message}>
        <input {...form.register('title')} />
      </Field>
      <Field label="GitHub" error={e.links?.github?.message}>
        <input {...form.register('links.github')} />
      </Field>
      <Field label="항목 이름" error={e.items?.[0]?.name?.message}>
        <input {...form.register('items.0.name')} />
      </Field>
      <ErrorMessage error={failure} />
      <button type="submit">저장</button>
    </form>
  );
}

/** The element that describes a control (its error paragraph). */
const errorOf = (label: string) => {
  const control = screen.getByLabelText(label);
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ');
};

describe('server field errors on react-hook-form fields', () => {
  it("puts each details.fields message on its field, focuses the first, and keeps the server's message above", async () => {
    answer(400, {
      code: 'VAL-2004',
      message: '입력값이 허용 범위를 벗어났습니다. (body.title: 100자 이하로 입력해 주세요.)',
      details: {
        fields: [
          { path: 'body.title', code: 'too_big', message: '100자 이하로 입력해 주세요.' },
          { path: 'body.links.github', code: 'invalid_format', message: 'http:// 또는 https:// 주소를 입력해 주세요.' },
          { path: 'body.items.0.name', code: 'missing', message: '필수 항목입니다.' },
          { path: 'body.notAField', code: 'custom', message: '폼에 없는 입력' },
        ],
      },
    });
    render(<ProfileForm />);
    fireEvent.click(screen.getByRole('button', { name: '저장' }));

    await waitFor(() => expect(errorOf('제목')).toBe('100자 이하로 입력해 주세요.'));
    expect(screen.getByLabelText('제목').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf('GitHub')).toBe('http:// 또는 https:// 주소를 입력해 주세요.');
    expect(errorOf('항목 이름')).toBe('필수 항목입니다.');
    expect(document.activeElement).toBe(screen.getByLabelText('제목'));
    expect(screen.queryByText('폼에 없는 입력')).toBeNull();
    const form = screen.getByRole('button', { name: '저장' }).closest('form')!;
    expect(form.querySelector('.error-message')?.textContent).toBe(
      '입력값이 허용 범위를 벗어났습니다. (body.title: 100자 이하로 입력해 주세요.)',
    );
  });

  it('renames a body path to the form field (a body that wraps the form, a different name)', async () => {
    answer(400, {
      code: 'VAL-2004',
      message: '마감일은 오늘 이후여야 합니다.',
      details: { fields: [{ path: 'body.project.headline', code: 'out_of_range', message: '마감일은 오늘 이후여야 합니다.' }] },
    });
    render(<ProfileForm rename={(path) => (path === 'project.headline' ? 'title' : null)} />);
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(errorOf('제목')).toBe('마감일은 오늘 이후여야 합니다.'));
  });

  it("puts a single details.field (a taken username, e-mail) on its field with the answer's message", async () => {
    answer(409, { code: 'VAL-2008', message: '이미 사용 중인 사용자 이름입니다.', details: { field: 'title' } });
    render(<ProfileForm />);
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(errorOf('제목')).toBe('이미 사용 중인 사용자 이름입니다.'));
  });

  it('reads one field for a form without react-hook-form', async () => {
    answer(409, {
      code: 'VAL-2005',
      message: '이미 있습니다.',
      details: { fields: [{ path: 'body.sourceUrl', code: 'duplicate', message: '같은 원문 주소의 공고가 이미 있습니다.' }] },
    });
    const error = await api.post('/api/things', {}).catch((err: unknown) => err);
    expect(serverFieldError(error, 'sourceUrl')).toBe('같은 원문 주소의 공고가 이미 있습니다.');
    expect(serverFieldError(error, 'name')).toBeUndefined();
    expect(serverFieldError(new Error('x'), 'sourceUrl')).toBeUndefined();
  });
});
