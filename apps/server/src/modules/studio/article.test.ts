/** Article extraction (generic pages through Readability, Naver blog pages) and Naver address rewriting. */
import { describe, expect, it } from 'vitest';
import { extractArticle, fetchableUrl } from './article.ts';

describe('Naver blog addresses', () => {
  it('rewrites desktop and PostView addresses to the mobile post page, and leaves others alone', () => {
    expect(fetchableUrl('https://blog.naver.com/dev_kim/223000000001')).toBe('https://m.blog.naver.com/dev_kim/223000000001');
    expect(fetchableUrl('https://blog.naver.com/PostView.naver?blogId=dev_kim&logNo=223000000001&redirect=Dlog')).toBe(
      'https://m.blog.naver.com/dev_kim/223000000001',
    );
    expect(fetchableUrl('https://m.blog.naver.com/PostView.nhn?blogId=dev_kim&logNo=42')).toBe('https://m.blog.naver.com/dev_kim/42');
    expect(fetchableUrl('https://m.blog.naver.com/dev_kim/42')).toBe('https://m.blog.naver.com/dev_kim/42');
    expect(fetchableUrl('https://blog.naver.com/dev_kim')).toBe('https://blog.naver.com/dev_kim');
    expect(fetchableUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
  });
});

describe('article extraction', () => {
  it('keeps the article (headings, paragraphs, lists, code) and drops navigation and footers', async () => {
    const html = `<html><head><title>사이트 이름</title><meta property="og:title" content="배포 회고"></head><body>
      <nav><a href="/">홈</a><a href="/about">소개</a></nav>
      <article><h1>배포 회고</h1>
        <p>처음으로 서비스를 배포했다. 혼자서도 할 수 있다고 생각했지만 설정이 어려웠다. 그래서 체크리스트를 만들었다.</p>
        <h2>무엇이 어려웠나</h2><p>환경 변수와 <b>비밀 키</b> 관리가 가장 어려웠다.<br>로그도 문제였다.</p>
        <ul><li>키 관리</li><li>로그</li></ul><pre><code>npm run build</code></pre>
        <p>마지막으로 모니터링을 붙였다. 알림이 오니 마음이 편해졌다. 앞으로도 체크리스트를 먼저 본다.</p></article>
      <footer>© 2026 예시</footer><script>track()</script></body></html>`;
    const a = (await extractArticle(html, 'https://example.com/post'))!;
    expect(a.title).toBe('배포 회고');
    expect(a.markdown).toBe(
      '# 배포 회고\n\n처음으로 서비스를 배포했다. 혼자서도 할 수 있다고 생각했지만 설정이 어려웠다. 그래서 체크리스트를 만들었다.\n\n## 무엇이 어려웠나\n\n환경 변수와 비밀 키 관리가 가장 어려웠다.\n로그도 문제였다.\n\n- 키 관리\n- 로그\n\n```\nnpm run build\n```\n\n마지막으로 모니터링을 붙였다. 알림이 오니 마음이 편해졌다. 앞으로도 체크리스트를 먼저 본다.',
    );
  });

  it('reads Naver SmartEditor posts paragraph by paragraph', async () => {
    const html = `<html><head><meta property="og:title" content="훅 : 네이버 블로그"></head><body><div class="se-main-container">
      <div class="se-component se-documentTitle"><div class="se-title-text">리액트 훅 공부</div></div>
      <div class="se-component se-text"><p class="se-text-paragraph">첫 줄이다.</p><p class="se-text-paragraph">둘째 줄이다.</p>
      <p class="se-text-paragraph">&#8203;</p><p class="se-text-paragraph">새 문단이다.</p></div>
      <div class="se-component se-sectionTitle"><p>정리</p></div>
      <div class="se-component se-code"><pre class="se-code-source">useEffect(() =&gt; {}, [])</pre></div></div></body></html>`;
    expect(await extractArticle(html, 'https://m.blog.naver.com/dev_kim/1')).toEqual({
      title: '리액트 훅 공부',
      markdown: '# 리액트 훅 공부\n\n첫 줄이다.\n둘째 줄이다.\n\n새 문단이다.\n\n## 정리\n\n```\nuseEffect(() => {}, [])\n```',
      truncated: false,
    });
  });

  it('finds no article in a page without one', async () => {
    expect(await extractArticle('<html><body><img src="x.png"></body></html>', 'https://example.com/')).toBeNull();
  });
});
