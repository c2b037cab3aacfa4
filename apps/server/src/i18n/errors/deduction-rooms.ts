import type { ErrorTexts } from './types.ts';

/** Error messages of online deduction rooms (docs/deduction.md "Online rooms"), Korean and English. */
export const DEDUCTION_ROOM_ERRORS = {
  'deduction.room.notFound': { ko: '게임 방을 찾을 수 없습니다.', en: 'Game room not found.' },
  'deduction.room.notInvited': {
    ko: '초대받지 않은 방입니다. 초대 링크로 들어오거나 방장에게 초대를 부탁하세요.',
    en: 'You are not invited to this room: open its invite link or ask the host to invite you.',
  },
  'deduction.room.full': { ko: '빈 자리가 없습니다.', en: 'There is no free seat.' },
  'deduction.room.notOpen': { ko: '이미 시작했거나 닫힌 방입니다.', en: 'This room has already started or is closed.' },
  'deduction.room.notPlaying': { ko: '진행 중인 게임이 아닙니다.', en: 'No game is being played in this room.' },
  'deduction.room.hostOnly': { ko: '방장만 할 수 있습니다.', en: 'Only the host can do this.' },
  'deduction.room.notSeated': {
    ko: '이 방의 자리에 앉은 사람만 할 수 있습니다.',
    en: 'Only a player seated in this room can do this.',
  },
  'deduction.room.notYourTurn': { ko: '지금은 내 차례가 아닙니다.', en: 'It is not your turn.' },
  'deduction.room.notReady': {
    ko: '모든 자리가 차고 모두 준비해야 시작할 수 있습니다.',
    en: 'Every seat must be taken and every player ready before the game starts.',
  },
  'deduction.room.userNotFound': { ko: '그 사용자 이름의 회원이 없습니다.', en: 'No member has that username.' },
  'deduction.room.alreadySeated': { ko: '이미 이 방에 앉아 있습니다.', en: 'You are already seated in this room.' },
  'deduction.room.inviteSelf': { ko: '자기 자신은 초대할 수 없습니다.', en: 'You cannot invite yourself.' },
} as const satisfies ErrorTexts;
