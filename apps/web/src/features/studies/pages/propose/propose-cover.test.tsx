import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../../shared/test/i18n';
import { type ChosenCover, ProposeCover } from './propose-cover';

beforeAll(async () => {
  await initTestI18n();
});
afterEach(cleanup);

function Host() {
  const [cover, setCover] = useState<ChosenCover | null>(null);
  return (
    <>
      <ProposeCover title="SQL 첫걸음" value={cover} onChange={setCover} />
      <output data-testid="chosen">{cover ? cover.body.mimeType : 'none'}</output>
    </>
  );
}

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

describe('<ProposeCover>', () => {
  it('takes the type from the bytes, not the name: a PNG named .jpg is sent as image/png', async () => {
    render(<Host />);
    const file = new File([new Uint8Array(PNG_HEAD)], 'photo.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId('propose-cover-input'), { target: { files: [file] } });
    await waitFor(() => expect(screen.getByTestId('chosen').textContent).toBe('image/png'));
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    render(<Host />);
    const file = new File(['hello'], 'cover.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('propose-cover-input'), { target: { files: [file] } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/PNG, JPEG, WebP, GIF/);
    expect(screen.getByTestId('chosen').textContent).toBe('none');
  });
});
