/**
 * useContractForm with a schema loader (a route that keeps zod and its schema out of its own
 * chunk): the schema is loaded on the first validation, its messages are the form catalogue's
 * keys, and the submit handler gets the parsed output.
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useContractForm } from './use-contract-form';

afterEach(() => cleanup());

const body = z.object({ name: z.string().trim().min(2), seats: z.coerce.number().int().min(1) });

describe('useContractForm', () => {
  it('loads a lazily given schema on the first validation and submits its output', async () => {
    const load = vi.fn(() => Promise.resolve(body));
    const { result } = renderHook(() => {
      const form = useContractForm(load, { defaultValues: { name: '', seats: '1' } });
      void form.formState.errors; // subscribes the render to the errors, as a form's fields do
      return form;
    });
    expect(load).not.toHaveBeenCalled();

    let valid = true;
    await act(async () => void (valid = await result.current.trigger()));
    expect(valid).toBe(false);
    expect(load).toHaveBeenCalled();
    await waitFor(() => expect(result.current.formState.errors.name?.message).toMatch(/^form\./));

    const submitted = vi.fn();
    act(() => {
      result.current.setValue('name', '  모임  ');
      result.current.setValue('seats', '3');
    });
    await act(() => result.current.handleSubmit(submitted)());
    expect(submitted).toHaveBeenCalledWith({ name: '모임', seats: 3 }, undefined);
  });
});
