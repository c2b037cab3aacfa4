// The shared Korean strings only pages use (ko-pages.json) stay out of the start-up catalogue and
// are in `translation` by the time any page made with lazyPage renders.
import { describe, expect, it } from 'vitest';
import { lazyPage } from '../chunk/lazy-page';
import { i18n, initI18n } from './index';
import koShared from './ko.json';

describe('the shared strings only pages use', () => {
  it('join the translation namespace when a page loads', async () => {
    await initI18n(koShared, () => Promise.resolve(null), 'ko');
    expect(i18n.exists('form.required')).toBe(false);
    expect(i18n.t('common.loading')).toBe('불러오는 중...');

    const Page = lazyPage(() => Promise.resolve({ default: () => null }));
    await Page.preload();
    expect(i18n.t('form.required')).toBe('필수 입력 항목입니다.');
    expect(i18n.t('pager.next')).toBe('다음 페이지');
    expect(i18n.t('common.loading')).toBe('불러오는 중...');
  });
});
