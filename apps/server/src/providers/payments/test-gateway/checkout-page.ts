/**
 * The built-in gateway's hosted checkout page: server-rendered HTML with a plain form (no
 * scripts, so it runs under the server's strict Content-Security-Policy), Korean, accessible,
 * responsive. It lists the test cards and what each does. Its text is drawn in the app's
 * Pretendard: `withPageFont` (http/page-font.ts) puts the @font-face rules of the subsets its text
 * uses at FONT_MARKER (routes.ts).
 */
import { TEST_CARDS } from '@moim/contract';
import { FONT_MARKER } from '../../../http/page-font.ts';

export interface CheckoutParams {
  clientKey: string;
  orderId: string;
  orderName: string;
  amount: number;
  customerName: string;
  successUrl: string;
  failUrl: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;

const STYLE = `
:root{color-scheme:light dark;--bg:#f6f7fb;--card:#fff;--text:#14161f;--muted:#555b6e;--border:#d5d8e3;--primary:#4f46e5;--primary-text:#fff;--danger:#b91c1c;--focus:#2563eb}
@media (prefers-color-scheme:dark){:root{--bg:#0f1118;--card:#171a26;--text:#eef0f6;--muted:#a4abc0;--border:#2b3042;--primary:#8b84ff;--primary-text:#0f1118;--danger:#f87171;--focus:#93c5fd}}
*{box-sizing:border-box}body{margin:0;font-family:var(--font-sans,'Apple SD Gothic Neo','Noto Sans KR','Malgun Gothic',system-ui,sans-serif);background:var(--bg);color:var(--text);line-height:1.6;word-break:keep-all}
main{max-width:480px;margin:0 auto;padding:32px 16px}
.card{background:var(--card);border:1px solid var(--border);border-radius:16px;padding:24px;margin-bottom:16px}
h1{font-size:1.375rem;margin:0 0 4px}h2{font-size:1rem;margin:0 0 12px}
.badge{display:inline-block;font-size:.75rem;font-weight:700;padding:2px 8px;border-radius:999px;background:#fde68a;color:#713f12;margin-bottom:8px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:0}dt{color:var(--muted)}dd{margin:0;text-align:right;font-weight:600}
.total{font-size:1.375rem}
label{display:block;font-weight:600;margin:12px 0 4px}
input[type=text]{width:100%;min-height:44px;padding:8px 12px;font:inherit;font-size:1.125rem;letter-spacing:.05em;border:1px solid var(--border);border-radius:10px;background:var(--card);color:var(--text)}
.hint{color:var(--muted);font-size:.875rem;margin:4px 0 0}
.error{color:var(--danger);font-weight:600;margin:8px 0 0}
.actions{display:flex;gap:8px;margin-top:20px;flex-wrap:wrap}
button{min-height:44px;padding:0 20px;border-radius:10px;font:inherit;font-weight:700;cursor:pointer;border:1px solid var(--border)}
button.pay{flex:1;background:var(--primary);color:var(--primary-text);border-color:transparent}
button.cancel{background:transparent;color:var(--text)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
table{width:100%;border-collapse:collapse;font-size:.875rem}th,td{text-align:left;padding:6px 4px;border-bottom:1px solid var(--border)}
td.num{font-family:ui-monospace,Menlo,monospace;white-space:nowrap}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<style>${FONT_MARKER}${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export function renderCheckoutPage(p: CheckoutParams, opts: { error?: string; cardNumber?: string } = {}): string {
  const hidden = (['clientKey', 'orderId', 'orderName', 'amount', 'customerName', 'successUrl', 'failUrl'] as const)
    .map((k) => `<input type="hidden" name="${k}" value="${esc(String(p[k]))}">`)
    .join('');
  const cards = TEST_CARDS.map((c) => `<tr><td class="num">${esc(c.number)}</td><td>${esc(c.ko)}</td></tr>`).join('');
  const errorId = opts.error ? ' aria-describedby="card-error card-hint" aria-invalid="true"' : ' aria-describedby="card-hint"';
  return layout(
    `moim 테스트 결제 - ${p.orderName}`,
    `
<section class="card" aria-labelledby="title">
  <span class="badge">테스트 모드 · 실제로 결제되지 않습니다</span>
  <h1 id="title">moim 테스트 결제</h1>
  <dl>
    <dt>주문</dt><dd>${esc(p.orderName)}</dd>
    <dt>주문번호</dt><dd>${esc(p.orderId)}</dd>
    ${p.customerName ? `<dt>구매자</dt><dd>${esc(p.customerName)}</dd>` : ''}
    <dt>결제 금액</dt><dd class="total">${won(p.amount)}</dd>
  </dl>
</section>
<form class="card" method="post" action="/api/payments/test-gateway/checkout" aria-labelledby="card-title">
  <h2 id="card-title">카드 정보</h2>
  ${hidden}
  <label for="cardNumber">카드 번호</label>
  <input id="cardNumber" name="cardNumber" type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23"
    value="${esc(opts.cardNumber ?? '')}" placeholder="4242 4242 4242 4242"${errorId} autofocus>
  <p class="hint" id="card-hint">아래 테스트 카드 번호 중 하나를 입력하세요.</p>
  ${opts.error ? `<p class="error" id="card-error" role="alert">${esc(opts.error)}</p>` : ''}
  <label for="cardExpiry">유효기간 (MM/YY, 선택)</label>
  <input id="cardExpiry" name="cardExpiry" type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="5" placeholder="12/30">
  <div class="actions">
    <button type="submit" class="pay" name="action" value="pay">${won(p.amount)} 결제하기</button>
    <button type="submit" class="cancel" name="action" value="cancel">결제 취소</button>
  </div>
</form>
<section class="card" aria-labelledby="cards-title">
  <h2 id="cards-title">테스트 카드</h2>
  <table><thead><tr><th scope="col">카드 번호</th><th scope="col">결과</th></tr></thead><tbody>${cards}</tbody></table>
  <p class="hint">그 밖의 유효한 카드 번호는 승인됩니다. 유효기간과 비밀번호는 확인하지 않습니다.</p>
</section>`,
  );
}

export function renderGatewayError(title: string, message: string, back?: string): string {
  return layout(
    title,
    `<section class="card" role="alert"><span class="badge">테스트 모드</span><h1>${esc(title)}</h1><p>${esc(message)}</p>${
      back ? `<p><a href="${esc(back)}">돌아가기</a></p>` : ''
    }</section>`,
  );
}

export function renderReceipt(r: {
  orderId: string;
  orderName: string;
  amount: number;
  balanceAmount: number;
  status: string;
  cardNumber: string;
  approvedAt: string | null;
}): string {
  return layout(
    `영수증 - ${r.orderName}`,
    `<section class="card" aria-labelledby="title"><span class="badge">테스트 모드 영수증</span><h1 id="title">${esc(r.orderName)}</h1>
<dl><dt>주문번호</dt><dd>${esc(r.orderId)}</dd><dt>카드</dt><dd>${esc(r.cardNumber)}</dd><dt>상태</dt><dd>${esc(r.status)}</dd>
<dt>승인 시각</dt><dd>${esc(r.approvedAt ?? '-')}</dd><dt>결제 금액</dt><dd>${won(r.amount)}</dd><dt>남은 금액</dt><dd>${won(r.balanceAmount)}</dd></dl></section>`,
  );
}
