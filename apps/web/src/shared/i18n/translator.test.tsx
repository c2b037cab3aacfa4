import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { addJosaFormatter } from './josa';
import { i18n, Translator, type Catalogue } from './translator';
import { useTranslation } from './use-translation';

const ko = {
  greeting: '안녕하세요, {{name}}님',
  members: '멤버 {{count}}명',
  nested: { deep: { text: '깊은 곳' } },
  'dotted.key': '점이 있는 키',
  onlyKo: '한국어만 있어요',
  list: ['첫째 {{n}}', '둘째'],
  topic: '{{title, josa(p: 은/는)}} 마감됐어요',
  who: '{{user.name}}의 글',
};
const en = {
  greeting: 'Hello, {{name}}',
  members_zero: 'No members',
  members_one: '{{count}} member',
  members_other: '{{count}} members',
  nested: { deep: { text: 'deep down' } },
  list: ['first {{n}}', 'second'],
};

function translator(lng: string, load?: (lng: string, ns: string) => Promise<Catalogue | null>): Translator {
  const t = new Translator().init({ lng, resources: { ko: { translation: ko }, en: { translation: en } }, load });
  addJosaFormatter(t);
  return t;
}

describe('Translator: texts', () => {
  it('interpolates values, nested keys and keys holding dots', () => {
    const t = translator('ko').t;
    expect(t('greeting', { name: '김하나' })).toBe('안녕하세요, 김하나님');
    expect(t('nested.deep.text')).toBe('깊은 곳');
    expect(t('dotted.key')).toBe('점이 있는 키');
    expect(t('who', { user: { name: '이준' } })).toBe('이준의 글');
  });

  it('picks plurals by the language’s rules, with _zero for a count of 0', () => {
    const t = translator('en').t;
    expect(t('members', { count: 0 })).toBe('No members');
    expect(t('members', { count: 1 })).toBe('1 member');
    expect(t('members', { count: 7 })).toBe('7 members');
    // Korean has one form: the plain key
    expect(translator('ko').t('members', { count: 1 })).toBe('멤버 1명');
  });

  it('falls back to Korean for a text English lacks, and shows the key or the defaultValue for a missing one', () => {
    const t = translator('en').t;
    expect(t('onlyKo')).toBe('한국어만 있어요');
    expect(t('nowhere.at.all')).toBe('nowhere.at.all');
    expect(t('nowhere', { defaultValue: 'fallback {{x}}', x: 1 })).toBe('fallback 1');
    // a value the call did not pass stays visible
    expect(t('greeting')).toBe('Hello, {{name}}');
  });

  it('reads another namespace by prefix, option or fixed function, and a fixed language', () => {
    const tr = translator('ko');
    tr.addResourceBundle('ko', 'jobs', { title: '채용' });
    tr.addResourceBundle('en', 'jobs', { title: 'Jobs' });
    expect(tr.t('jobs:title')).toBe('채용');
    expect(tr.t('title', { ns: 'jobs' })).toBe('채용');
    expect(tr.getFixedT(null, 'jobs')('title')).toBe('채용');
    expect(tr.getFixedT('en', 'jobs')('title')).toBe('Jobs');
    // a colon inside a sentence is not a namespace
    expect(tr.t('note: not a key')).toBe('note: not a key');
  });

  it('returns trees and lists with their texts interpolated when asked for objects', () => {
    const t = translator('en').t;
    expect(t('list', { returnObjects: true, n: 3 })).toEqual(['first 3', 'second']);
    expect(t('nested', { returnObjects: true })).toEqual({ deep: { text: 'deep down' } });
    // the same tree asked for as text shows its key
    expect(t('nested')).toBe('nested');
  });

  it('formats Korean particles after the word', () => {
    const t = translator('ko').t;
    expect(t('topic', { title: 'SQL 첫걸음' })).toBe('SQL 첫걸음은 마감됐어요');
    expect(t('topic', { title: '모임' })).toBe('모임은 마감됐어요');
    expect(t('topic', { title: '스터디' })).toBe('스터디는 마감됐어요');
  });

  it('merges a later bundle without changing the catalogue object it was given', () => {
    const tr = translator('ko');
    const extra = { nested: { other: '추가' } };
    tr.addResourceBundle('ko', 'translation', extra);
    expect(tr.t('nested.other')).toBe('추가');
    expect(tr.t('nested.deep.text')).toBe('깊은 곳');
    expect(ko.nested).toEqual({ deep: { text: '깊은 곳' } });
  });
});

describe('Translator: loading and switching language', () => {
  it('loads a namespace in the language and in Korean once, however many ask', async () => {
    const calls: string[] = [];
    const tr = translator('en', async (lng, ns) => {
      calls.push(`${lng}/${ns}`);
      return { hello: `${lng} ${ns}` };
    });
    expect(tr.isReady(['studio'])).toBe(false);
    await Promise.all([tr.loadNamespaces('studio'), tr.loadNamespaces(['studio'])]);
    expect(calls.sort()).toEqual(['en/studio', 'ko/studio']);
    expect(tr.isReady(['studio'])).toBe(true);
    expect(tr.t('studio:hello')).toBe('en studio');
  });

  it('treats a failed load as ready (the texts show their keys) and asks again when it is added later', async () => {
    const tr = translator('ko', () => Promise.reject(new Error('offline')));
    await tr.loadNamespaces('lab');
    expect(tr.isReady(['lab'])).toBe(true);
    expect(tr.t('lab:title')).toBe('title');
    const before = tr.getVersion();
    tr.addResourceBundle('ko', 'lab', { title: '실험실' });
    expect(tr.getVersion()).toBeGreaterThan(before);
    expect(tr.t('lab:title')).toBe('실험실');
  });

  it('changes language only after every namespace used so far has arrived in it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const tr = translator('ko', async (lng, ns) => {
      if (lng === 'en') await gate;
      return { title: `${lng}:${ns}` };
    });
    await tr.loadNamespaces('jobs');
    const seen: string[] = [];
    tr.on('languageChanged', (l) => seen.push(l));
    const switching = tr.changeLanguage('en');
    await Promise.resolve();
    expect(tr.language).toBe('ko');
    expect(tr.t('jobs:title')).toBe('ko:jobs');
    release();
    await switching;
    expect(tr.language).toBe('en');
    expect(tr.t('jobs:title')).toBe('en:jobs');
    expect(seen).toEqual(['en']);
  });
});

describe('useTranslation', () => {
  function Title({ ns }: { ns: string }) {
    const { t } = useTranslation(ns);
    return <h1>{t('title')}</h1>;
  }

  it('suspends until the namespace arrives, then renders it, and renders again in a new language', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    i18n.init({
      lng: 'ko',
      resources: { ko: { translation: {} }, en: { translation: {} } },
      load: async (lng, ns) => {
        await gate;
        return { title: lng === 'ko' ? `${ns} 제목` : `${ns} title` };
      },
    });
    render(
      <Suspense fallback={<p>불러오는 중</p>}>
        <Title ns="spec-ns" />
      </Suspense>,
    );
    expect(screen.getByText('불러오는 중')).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'spec-ns 제목' })).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading', { name: 'spec-ns title' })).toBeTruthy();
  });
});
