import type { ErrorTexts } from './types.ts';

/** Error messages of the users area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const USERS_ERRORS = {
  'users.notFound': { ko: '사용자를 찾을 수 없습니다.', en: 'No such user.' },
  'users.noPicture': { ko: '이미지가 없습니다.', en: 'This user has no picture.' },
  'users.emailTaken': { ko: '이미 가입된 이메일입니다.', en: 'This email is already registered.' },
  'users.usernameTaken': { ko: '이미 사용 중인 사용자 이름입니다.', en: 'This username is already taken.' },
  'users.passwordNeeded': { ko: '비밀번호를 입력해 주세요.', en: 'Please enter your password.' },
  'users.wrongPassword': { ko: '비밀번호가 올바르지 않습니다.', en: 'The password is not correct.' },
  'users.wrongCurrentPassword': { ko: '현재 비밀번호가 올바르지 않습니다.', en: 'The current password is not correct.' },
  'users.confirmWithEmail': {
    ko: '확인을 위해 계정의 이메일 주소를 입력해 주세요.',
    en: 'To confirm, please type the email address of this account.',
  },
  'users.samePassword': {
    ko: '현재 비밀번호와 다른 비밀번호를 사용해 주세요.',
    en: 'Please choose a password different from the current one.',
  },
  'users.alreadyDeactivated': { ko: '이미 비활성화되었거나 탈퇴한 계정입니다.', en: 'This account is already deactivated or deleted.' },
  'users.alreadyDeleted': { ko: '이미 탈퇴한 계정입니다.', en: 'This account is already deleted.' },
  'users.deletedNoTeam': { ko: '탈퇴한 사용자는 팀원으로 지정할 수 없습니다.', en: 'A deleted user cannot join the team page.' },
  'users.deletedNoRoles': { ko: '탈퇴한 사용자의 권한은 바꿀 수 없습니다.', en: 'The roles of a deleted user cannot be changed.' },
  'users.ownAdminRole': { ko: '자기 자신의 관리자 권한은 해제할 수 없습니다.', en: 'You cannot remove your own admin role.' },
  'users.ownStatus': { ko: '자기 자신의 계정 상태는 바꿀 수 없습니다.', en: 'You cannot change the status of your own account.' },
  'users.deletedNoStatus': { ko: '탈퇴한 계정은 바꿀 수 없습니다.', en: 'A deleted account cannot be changed.' },
  'users.alreadyActive': { ko: '이미 활성 상태인 계정입니다.', en: 'This account is already active.' },
  'users.alreadyInactive': { ko: '이미 비활성화된 계정입니다.', en: 'This account is already deactivated.' },
  'users.sameEmail': { ko: '지금 쓰는 이메일과 다른 주소를 입력해 주세요.', en: 'Enter an address other than your current one.' },
  'users.emailChangeInvalid': {
    ko: '이메일 변경 링크가 유효하지 않거나 만료되었습니다. 설정에서 다시 요청해 주세요.',
    en: 'This e-mail change link is not valid or has expired. Ask again in settings.',
  },
} as const satisfies ErrorTexts;
