/** Demo documents (fictional writers and companies): a first draft and, for one, a revision. */
import type { StudioPurpose, StudioTone } from '@moim/contract';

export interface DemoDocument {
  title: string;
  purpose: StudioPurpose;
  audience: string;
  tone: StudioTone;
  versions: string[];
}

const retroDraft = `# 첫 팀 프로젝트 회고

안녕하세요, 오늘은 지난 8주 동안 진행한 팀 프로젝트를 돌아보려고 합니다.

우리 팀은 스터디 일정을 관리하는 웹 서비스를 만들었다. 처음에는 기능을 욕심내서 일정이 계속 밀렸다. 회의때마다 새로운 아이디어가 나왔고 그걸 다 넣으려다 보니 정작 핵심 기능은 늦게 나왔다.

3주차부터는 칸반 보드를 쓰기 시작했다. 할일을 작게 쪼개니 누가 무엇을 하는지 한눈에 보였다. 코드 리뷰도 하루 안에 끝내는것을 규칙으로 정했다.

배포는 생각보다 어려웠다. 환경 변수가 계속 안되서 이틀을 날렸다. 결국 체크리스트를 만들고 나서야 안정적으로 배포할수 있었다.

다음 프로젝트에서는 처음부터 범위를 작게 잡고, 매주 금요일에 짧은 회고를 남기려고 한다.
`;

const retroRevised = `# 첫 팀 프로젝트 회고: 범위를 줄이자 속도가 났다

8주 동안 스터디 일정 관리 서비스를 만들며 배운 것은 하나다. 범위를 작게 잡아야 끝까지 간다.

## 욕심이 일정을 밀어냈다

처음에는 기능을 욕심내서 일정이 계속 밀렸다. 회의 때마다 새로운 아이디어가 나왔고, 그걸 다 넣으려다 보니 정작 핵심 기능은 늦게 나왔다.

## 칸반 보드와 하루 리뷰

3주차부터 칸반 보드를 썼다. 할 일을 작게 쪼개니 누가 무엇을 하는지 한눈에 보였다. 코드 리뷰는 하루 안에 끝내는 것을 규칙으로 정했다.

## 배포는 체크리스트로

배포는 생각보다 어려웠다. 환경 변수가 계속 안 돼서 이틀을 날렸다. 체크리스트를 만들고 나서야 안정적으로 배포할 수 있었다.

## 다음에는

다음 프로젝트에서는 처음부터 범위를 작게 잡고, 매주 금요일에 짧은 회고를 남기려고 한다.
`;

const readme = `# moim-cli

moim-cli는 터미널에서 스터디 일정을 확인하는 작은 도구입니다.

## 설치

\`\`\`
npm install -g moim-cli
\`\`\`

## 사용법

설치한 뒤 아래 명령으로 이번 주 일정을 볼 수 있습니다. 로그인은 처음 한 번만 하면 됩니다.

\`\`\`bash
moim login
moim week
\`\`\`

## 기여하기

이슈와 풀 리퀘스트를 환영합니다. 버그를 발견하면 재현 순서와 함께 이슈를 남겨 주세요.
`;

export const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    title: '첫 팀 프로젝트 회고',
    purpose: 'ESSAY',
    audience: '함께 공부하는 동료 개발자',
    tone: 'WARM_MENTOR',
    versions: [retroDraft, retroRevised],
  },
  { title: 'moim-cli README', purpose: 'README', audience: '처음 써 보는 사용자', tone: 'PRO_EDITOR', versions: [readme] },
];
