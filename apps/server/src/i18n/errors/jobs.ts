import type { ErrorTexts } from './types.ts';

/** Error messages of the jobs area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const JOBS_ERRORS = {
  'jobs.postingNotFound': { ko: '채용 공고를 찾을 수 없습니다.', en: 'Job posting not found.' },
  'jobs.unknownSkills': { ko: '알 수 없는 기술입니다: {{skills}}', en: 'Unknown skills: {{skills}}' },
  'jobs.savedSearchNotFound': { ko: '저장한 검색을 찾을 수 없습니다.', en: 'Saved search not found.' },
  'jobs.savedSearchLimit': { ko: '저장한 검색은 {{limit}}개까지 둘 수 있습니다.', en: 'You can keep up to {{limit}} saved searches.' },
  'jobs.filtersRequired': { ko: '검색어나 필터를 하나 이상 정해 주세요.', en: 'Set a search term or at least one filter.' },
  'jobs.badUnsubscribeLink': { ko: '수신 거부 링크가 올바르지 않습니다.', en: 'This unsubscribe link is not valid.' },
  // back office
  'jobs.sourceUrlTaken': {
    ko: '같은 원문 주소(sourceUrl)의 공고가 이미 있습니다.',
    en: 'A posting with this source address (sourceUrl) already exists.',
  },
  'jobs.sourceNotFound': { ko: '가져오기 소스를 찾을 수 없습니다.', en: 'Import source not found.' },
  'jobs.companyNameForRss': { ko: 'RSS 소스에는 회사 이름이 필요합니다.', en: 'An RSS source needs a company name.' },
  'jobs.importRunNotFound': { ko: '가져오기 실행을 찾을 수 없습니다.', en: 'Import run not found.' },
  'jobs.correctionNotFound': { ko: '정정 요청을 찾을 수 없습니다.', en: 'Correction request not found.' },
  'jobs.correctionMove': {
    ko: '정정 요청을 {{from}} 상태에서 {{to}} 상태로 바꿀 수 없습니다.',
    en: 'A correction request cannot move from {{from}} to {{to}}.',
  },
  'jobs.correctionChanged': {
    ko: '정정 요청의 상태가 그새 바뀌었습니다. 새로고침해 주세요.',
    en: 'The correction request changed meanwhile: please reload.',
  },
  'jobs.correctionStatus.open': { ko: '접수', en: 'open' },
  'jobs.correctionStatus.inReview': { ko: '검토 중', en: 'in review' },
  'jobs.correctionStatus.resolved': { ko: '반영 완료', en: 'resolved' },
  'jobs.correctionStatus.rejected': { ko: '반려', en: 'rejected' },
  // import reports (importer/notes.ts): a run's failure, an item's rejection
  'jobs.import.sourceDeleted': { ko: '가져오기 소스가 삭제되었습니다.', en: 'The import source was deleted.' },
  'jobs.import.httpStatus': { ko: '피드 주소가 HTTP {{status}}로 응답했습니다.', en: 'The feed address answered HTTP {{status}}.' },
  'jobs.import.blockedAddress': {
    ko: '내부망이나 허용되지 않은 주소는 가져올 수 없습니다 ({{reason}}).',
    en: 'Internal or disallowed addresses cannot be imported ({{reason}}).',
  },
  'jobs.import.feedTimeout': {
    ko: '피드 주소가 제때 응답하지 않았습니다 (TIMEOUT).',
    en: 'The feed address did not answer in time (TIMEOUT).',
  },
  'jobs.import.feedTooLarge': { ko: '피드가 너무 큽니다 (TOO_LARGE).', en: 'The feed is too large (TOO_LARGE).' },
  'jobs.import.badContentType': {
    ko: '피드 형식이 아닙니다: {{detail}} (BAD_CONTENT_TYPE)',
    en: 'This is not a feed: {{detail}} (BAD_CONTENT_TYPE)',
  },
  'jobs.import.fetchFailed': { ko: '피드를 가져오지 못했습니다: {{detail}}', en: 'The feed could not be fetched: {{detail}}' },
  'jobs.import.readFailed': { ko: '가져오기를 읽지 못했습니다: {{detail}}', en: 'The import could not be read: {{detail}}' },
  'jobs.import.tooManyItems': {
    ko: '한 번에 가져올 수 있는 항목은 {{max}}개까지입니다 ({{count}}개).',
    en: 'At most {{max}} items can be imported at once ({{count}}).',
  },
  'jobs.import.jsonUnreadable': { ko: 'JSON을 읽을 수 없습니다: {{detail}}', en: 'The JSON cannot be read: {{detail}}' },
  'jobs.import.jsonNoList': {
    ko: 'JSON에 공고 목록(배열 또는 {"postings": [...]})이 없습니다.',
    en: 'The JSON has no list of postings (an array or {"postings": [...]}).',
  },
  'jobs.import.feedUnreadable': {
    ko: '피드를 읽을 수 없습니다 (RSS/Atom/JSON Feed가 아닙니다): {{detail}}',
    en: 'The feed cannot be read (not RSS, Atom or JSON Feed): {{detail}}',
  },
  'jobs.import.columnCount': { ko: '열 개수가 머리글과 다릅니다.', en: 'The number of columns differs from the header.' },
  'jobs.import.csvError': { ko: 'CSV 형식 오류: {{detail}}', en: 'CSV format error: {{detail}}' },
  'jobs.import.invalid': { ko: '공고 항목을 확인해 주세요 — {{fields}}', en: 'Check the posting’s fields — {{fields}}' },
  'jobs.import.more': { ko: '외 {{more}}개', en: 'and {{more}} more' },
  'jobs.import.duplicateInFile': {
    ko: '같은 sourceUrl이 이 파일의 {{position}}번 항목에 이미 있습니다.',
    en: 'The same sourceUrl is already in item {{position}} of this file.',
  },
  'jobs.import.saveFailed': { ko: '저장하지 못했습니다: {{detail}}', en: 'Could not be saved: {{detail}}' },
} as const satisfies ErrorTexts;
